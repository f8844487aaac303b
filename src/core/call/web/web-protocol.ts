import type { CallProtocol } from '../../../shared/call';
import type { MethodKind } from '../../../shared/schema';
import { h2cSwitches, protocolName } from '../../../shared/protocol-names';

/** The protocols that run over plain HTTP requests instead of grpc-js. */
export type WebProtocol = Exclude<CallProtocol, 'grpc'>;

/** Whether the kind needs the request and response to stream at once (HTTP/2 only). */
export function needsHttp2(kind: MethodKind): boolean {
  return kind === 'client_stream' || kind === 'bidi';
}

/** Why a client or bidi stream cannot go over HTTP/1.1, and what to do; one wording for the engine and the call. */
export function http1StreamProblem(
  protocol: CallProtocol,
  kind: MethodKind,
): { message: string; hint: string } {
  const what = kind === 'bidi' ? 'bidi-streaming' : 'client-streaming';
  return {
    message: `${protocolName(protocol)} over HTTP/1.1 carries unary and server-streaming calls only; this method is ${what}. Nothing was sent.`,
    hint: `Turn on HTTP/2 if the server accepts it in plaintext (h2c): ${h2cSwitches}; or use TLS where the server offers HTTP/2.`,
  };
}
