/** Which wire protocol a tab's calls use (the names the page shows are src/shared/protocol-names.ts's). */
import type { CallProtocol } from '../../shared/call';
import { protocolInUse } from '../../shared/protocol-in-use';

/** gRPC-Web and Connect: calls over HTTP/1.1 or HTTP/2 rather than gRPC's own HTTP/2. */
export function isWebProtocol(protocol: CallProtocol): boolean {
  return protocol !== 'grpc';
}

/** The protocol a tab's calls use: its own, else the environment's default, else gRPC. */
export function effectiveProtocol(
  tab: { protocol?: CallProtocol },
  environmentProtocol: CallProtocol | undefined,
): CallProtocol {
  return protocolInUse(tab.protocol, environmentProtocol) ?? 'grpc';
}

/**
 * What a tab keeps when the user picks `chosen`: nothing when it is what the tab would use anyway without a choice
 * (so it keeps following the environment and its saved file stays free of a redundant field), else the choice.
 */
export function chosenProtocol(
  chosen: CallProtocol,
  environmentProtocol: CallProtocol | undefined,
): CallProtocol | undefined {
  return chosen === (environmentProtocol ?? 'grpc') ? undefined : chosen;
}
