import { ConnectionError } from './errors';

/** A target the user typed, resolved into what grpc-js dials. */
export interface ParsedTarget {
  /** The address for `new grpc.Client(address, ...)`: `host:port`, `dns:///host:port` or `unix:///path`. */
  address: string;
  /** `host:port` (or the socket path) as shown in messages. */
  display: string;
  /** `true` for `grpcs://`, `false` for `grpc://`, `undefined` when the target says nothing about TLS. */
  impliedTls: boolean | undefined;
}

/**
 * Parses `host:port`, `[::1]:port`, `dns:///host:port`, `unix:///path` (or `unix:path`), `grpc://host:port`
 * (plaintext) and `grpcs://host:port` (TLS). Throws ConnectionError when the target cannot be dialled.
 */
export function parseTarget(input: string): ParsedTarget {
  const target = input.trim();
  if (target === '') fail('The target is empty.');
  if (target.startsWith('unix:')) {
    const path = target.startsWith('unix://') ? target.slice('unix://'.length) : target.slice('unix:'.length);
    if (path === '') fail(`The target ${quote(input)} names no socket path.`);
    if (target.startsWith('unix://') && !path.startsWith('/')) {
      fail(
        `The target ${quote(input)} is not an absolute socket path.`,
        'Write unix:///absolute/path or unix:relative/path.',
      );
    }
    return { address: target, display: path, impliedTls: undefined };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(target);
  if (!scheme) return { ...hostPort(input, target), impliedTls: undefined };
  const name = scheme[1]!.toLowerCase();
  const rest = target.slice(scheme[0].length);
  switch (name) {
    case 'grpc':
      return { ...hostPort(input, stripPath(rest)), impliedTls: false };
    case 'grpcs':
      return { ...hostPort(input, stripPath(rest)), impliedTls: true };
    case 'dns': {
      // dns:///host:port, or dns://resolver/host:port: grpc-js takes both; only host:port is checked here.
      const slash = rest.indexOf('/');
      const hp = hostPort(input, slash < 0 ? rest : rest.slice(slash + 1));
      return { address: target, display: hp.display, impliedTls: undefined };
    }
    default:
      return fail(
        `The target ${quote(input)} uses the scheme ${name}://, which is not supported.`,
        'Use host:port, grpc://host:port, grpcs://host:port, dns:///host:port or unix:///path.',
      );
  }
}

/** `grpc://host:port/` tolerates a trailing slash, as URLs copied from elsewhere often have one. */
function stripPath(rest: string): string {
  return rest.endsWith('/') ? rest.slice(0, -1) : rest;
}

/** Checks `host:port` / `[v6]:port`; returns the grpc-js address and the display form. */
function hostPort(input: string, text: string): { address: string; display: string } {
  const match = /^(\[[0-9a-fA-F:.%a-zA-Z]+\]|[^:[\]/\s]+):(\d+)$/.exec(text);
  if (!match) {
    const hint = /^[^:]+$/.test(text)
      ? `Add the port, e.g. ${text}:443 for TLS or ${text}:50051.`
      : 'Write host:port, e.g. localhost:50051 or [::1]:50051.';
    return fail(`The target ${quote(input)} is not host:port.`, hint);
  }
  const port = Number(match[2]);
  if (port < 1 || port > 65535) fail(`The port in ${quote(input)} is out of range (1-65535).`);
  const display = `${match[1]}:${port}`;
  return { address: display, display };
}

function quote(text: string): string {
  return `"${text}"`;
}

function fail(message: string, hint?: string): never {
  throw new ConnectionError([hint ? { message, hint } : { message }]);
}
