import { constants as h2 } from 'node:http2';
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
  [/^Call cancelled$/, h2.NGHTTP2_CANCEL],
  [/^Stream refused by server$/, h2.NGHTTP2_REFUSED_STREAM],
  [/^Bandwidth exhausted or memory limit exceeded$/, h2.NGHTTP2_ENHANCE_YOUR_CALM],
  [/^Protocol not secure enough$/, h2.NGHTTP2_INADEQUATE_SECURITY],
  [
    /^Received RST_STREAM with code (\d+)(?: \((?:Internal server error|Call ended without gRPC status)\))?$/,
    -1,
  ],
];

/** What to do about a reset, by its HTTP/2 code. */
function resetHint(code: number): string {
  switch (code) {
    case h2.NGHTTP2_REFUSED_STREAM:
      return 'The server took no more calls on this connection (too many in flight, or it is shutting down): try again.';
    case h2.NGHTTP2_ENHANCE_YOUR_CALM:
      return 'The server finds this client too demanding (calls, pings or data too fast): slow down, or check its limits.';
    case h2.NGHTTP2_INADEQUATE_SECURITY:
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
    if (code === h2.NGHTTP2_NO_ERROR) return undefined;
    return {
      message: `The server reset the stream with HTTP/2 ${http2Error(code)} before sending a gRPC status.`,
      hint: resetHint(code),
    };
  }
  return undefined;
}
