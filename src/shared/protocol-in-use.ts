import type { CallProtocol } from './call';

/**
 * The protocol a call names: its own, else its environment's default; absent means gRPC. The engine applies it to calls
 * (app, `protodesk run`, load runs); the page asks it what a tab sends and shows.
 */
export function protocolInUse(
  own: CallProtocol | undefined,
  environmentProtocol: CallProtocol | undefined,
): CallProtocol | undefined {
  return own ?? environmentProtocol;
}
