import type { MethodKind } from '../../shared/schema';
import type { ResolvedConnection } from './connection-cache';
import { CallSetupError } from './errors';
import { protocolName } from '../../shared/protocol-names';
import { http1StreamProblem, needsHttp2 } from './web/web-protocol';

/**
 * What a call refuses before sending (CallEngine.start, and the load engine before a run): a path prefix with gRPC (an
 * HTTP route, which gRPC cannot take), a unix socket with gRPC-Web or Connect (they make URLs of host and port), and a
 * client or bidi stream over plaintext HTTP/1.1, which sends the whole request before the response starts. Over TLS,
 * ALPN decides and the call itself refuses HTTP/1.1.
 */
export function refuseUnfitConnection(connection: ResolvedConnection, kind: MethodKind): void {
  if (connection.protocol === 'grpc') {
    if (connection.pathPrefix === '') return;
    throw new CallSetupError(
      `The target's path ${connection.pathPrefix} cannot be used with gRPC, which always calls /package.Service/Method.`,
      'Remove the path from the target, or choose gRPC-Web or Connect, whose calls can go through a route.',
    );
  }
  if (connection.address.startsWith('unix:')) {
    throw new CallSetupError(
      `${protocolName(connection.protocol)} needs a host and port; ${connection.display} is a unix socket.`,
      'Use http://host:port (or https://) for gRPC-Web and Connect, or choose gRPC for the unix socket.',
    );
  }
  if (connection.tls.mode === 'plaintext' && !connection.http2 && needsHttp2(kind)) {
    const { message, hint } = http1StreamProblem(connection.protocol, kind);
    throw new CallSetupError(message, hint);
  }
}
