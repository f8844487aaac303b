import type { CallRequest } from '../../../shared/call';
import { protocolName } from '../../../shared/protocol-names';
import { LoadExportError } from './errors';

/**
 * Throws LoadExportError when the request speaks gRPC-Web or Connect: ghz and Locust's grpcio client speak gRPC over
 * HTTP/2 only, so an export would test another protocol than the one the server was asked for.
 */
export function requireGrpcProtocol(request: Pick<CallRequest, 'protocol'>, tool: 'ghz' | 'Locust'): void {
  const protocol = request.protocol ?? 'grpc';
  if (protocol === 'grpc') return;
  throw new LoadExportError(
    `${tool} speaks gRPC only, and this request uses ${protocolName(protocol)}.`,
    'Run this load test with Protodesk (protodesk load, or the Load test view), which speaks every protocol; or export a request that uses grpc.',
  );
}
