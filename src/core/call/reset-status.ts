import { status as grpcStatus } from '@grpc/grpc-js';
import type { ConnectionProblem } from '../connection/errors';

/** HTTP/2 error codes by number (RFC 9113 §7), as a RST_STREAM frame carries them. */
const http2ErrorNames = [
  'NO_ERROR',
  'PROTOCOL_ERROR',
  'INTERNAL_ERROR',
  'FLOW_CONTROL_ERROR',
  'SETTINGS_TIMEOUT',
  'STREAM_CLOSED',
  'FRAME_SIZE_ERROR',
  'REFUSED_STREAM',
  'CANCEL',
  'COMPRESSION_ERROR',
  'CONNECT_ERROR',
  'ENHANCE_YOUR_CALM',
  'INADEQUATE_SECURITY',
  'HTTP_1_1_REQUIRED',
];

/** "CANCEL (code 8)": an HTTP/2 error code by name and number. */
function http2Error(code: number): string {
  const name = http2ErrorNames[code];
  return name ? `${name} (code ${code})` : `code ${code}`;
}

/** grpc-js's texts for a stream the server reset (subchannel-call.js; wire/http-status.ts repeats them), by code. */
const libraryTexts: [RegExp, number][] = [
  [/^Call cancelled$/, 8],
  [/^Stream refused by server$/, 7],
  [/^Bandwidth exhausted or memory limit exceeded$/, 11],
  [/^Protocol not secure enough$/, 12],
  [
    /^Received RST_STREAM with code (\d+)(?: \((?:Internal server error|Call ended without gRPC status)\))?$/,
    -1,
  ],
];

/** What to do about a reset, by its HTTP/2 code. */
function resetHint(code: number): string {
  switch (code) {
    case 7:
      return 'The server took no more calls on this connection (too many in flight, or it is shutting down): try again.';
    case 11:
      return 'The server finds this client too demanding (calls, pings or data too fast): slow down, or check its limits.';
    case 12:
      return 'The server wants a stronger TLS setup: check its TLS requirements.';
    default:
      return 'Nothing was cancelled here: the server, or a proxy in front of it, ended the call abruptly. Its logs say why.';
  }
}

/**
 * A call the server (or a proxy) ended with RST_STREAM instead of a status, in Protodesk's words: grpc-js says
 * "CANCELLED: Call cancelled" for a reset with CANCEL though the user cancelled nothing. Undefined for any other
 * status, and for a call cancelled here. `rstCode` is grpc-js's, when it reports one.
 */
export function serverReset(
  received: { code: number; details: string; rstCode?: number },
  cancelledHere: boolean,
): ConnectionProblem | undefined {
  if (cancelledHere || received.code === grpcStatus.OK) return undefined;
  for (const [text, known] of libraryTexts) {
    const match = text.exec(received.details);
    if (!match) continue;
    const code = received.rstCode ?? (known >= 0 ? known : Number(match[1]));
    // NO_ERROR without trailers is a stream that ended without a status: call-status.ts explains that.
    if (code === 0) return undefined;
    return {
      message: `The server reset the stream with HTTP/2 ${http2Error(code)} before sending a gRPC status.`,
      hint: resetHint(code),
    };
  }
  return undefined;
}
