/** A Node-style error (`code` + message) for failures Node itself has no error for. */
export function httpError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** The connection went away after the request was sent and before the response ended. */
export function closedBeforeEnd(): NodeJS.ErrnoException {
  return httpError('ECONNRESET', 'The connection closed before the response ended.');
}

/** The client was closed while the request waited for a connection. */
export function clientClosed(): NodeJS.ErrnoException {
  return httpError('ERR_HTTP_CLIENT_CLOSED', 'The connection was closed.');
}
