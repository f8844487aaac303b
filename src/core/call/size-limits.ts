import { CallSetupError } from './errors';

/**
 * Refuses a request larger than the send limit before anything is sent: grpc-js would only fail the call once the
 * request had been framed and queued. `number` counts requests from 1.
 */
export function checkSendSize(bytes: Uint8Array, number: number, limit: number): void {
  if (bytes.byteLength <= limit) return;
  throw new CallSetupError(
    `Request ${number} is too large to send (RESOURCE_EXHAUSTED): ${sizeText(bytes.byteLength)} encoded, over the send limit of ${sizeText(limit)}. Nothing was sent.`,
    'Raise the send limit (CLI: --max-send-size <bytes>) if the server accepts messages this large (many accept at most 4 MiB), or send less.',
  );
}

/**
 * What to do about a RESOURCE_EXHAUSTED that names a size limit: ours on responses (grpc-js says "Received message
 * larger than max", and only after response headers), else the server's on the requests it receives. Ours on requests
 * never reaches grpc-js: checkSendSize refuses them first.
 */
export function sizeLimitHint(details: string, sawHeaders: boolean): string | undefined {
  if (sawHeaders && /^Received message (that decompresses to a size )?larger than/.test(details)) {
    return 'A response exceeded the size limit: raise the maximum response size in the call options (CLI: --max-msg-sz).';
  }
  // grpc-go: "grpc: received message larger than max"; C core: "Received message larger than max"; Java: "gRPC message
  // exceeds maximum size".
  if (
    /received message (that decompresses to a size )?larger than|message exceeds maximum size/i.test(details)
  ) {
    return "The server refused a request larger than its own limit (often 4 MiB): send less, or raise the server's maximum receive size.";
  }
  return undefined;
}

/** `73,400,320 bytes (70 MiB)`; `1,000 bytes`. */
function sizeText(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  return mib < 1 ? exact : `${exact} (${mib >= 10 ? Math.round(mib) : Math.round(mib * 10) / 10} MiB)`;
}
