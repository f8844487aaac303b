/**
 * Which server a new tab talks to: the address and TLS of the last call made with its source, so opening many methods
 * needs no retyping. Only the same source's server is reused, and never its metadata (tokens stay where they were typed).
 */
import type { SourceState } from '../../shared/api/types';
import type { AppState, Connection, RememberedConnection, TabState } from './types';

/** A new tab's connection and, when its address was inherited, where it came from. */
export type NewTabConnection = Connection & Pick<TabState, 'addressFrom'>;

/** The connection a new tab on `sourceId` starts with. */
export function connectionFor(
  state: Pick<AppState, 'connections' | 'sources'>,
  sourceId: string,
): NewTabConnection {
  const remembered = state.connections[sourceId];
  if (remembered) return { ...remembered, metadata: [], addressFrom: 'lastCall' };
  const source = state.sources.find((s) => s.id === sourceId);
  return fromReflection(source) ?? { target: '', tls: { mode: 'plaintext' }, metadata: [] };
}

/** A reflected source's own server, with the metadata reflection was given (it belongs to that source). */
function fromReflection(source: SourceState | undefined): NewTabConnection | undefined {
  if (source?.source.kind !== 'reflection') return undefined;
  const { target, tls, metadata = [] } = source.source;
  const rows = metadata.map(({ key, value }) => ({ key, value, enabled: true }));
  return { target, tls, metadata: rows, addressFrom: 'reflection' };
}

/** The memory after a call was made from a tab on `sourceId`. */
export function rememberConnection(
  state: Pick<AppState, 'connections'>,
  sourceId: string,
  tab: Connection,
): Pick<AppState, 'connections'> {
  const remembered: RememberedConnection = {
    target: tab.target.trim(),
    tls: tab.tls,
    ...(tab.protocol !== undefined ? { protocol: tab.protocol } : {}),
  };
  return { connections: { ...state.connections, [sourceId]: remembered } };
}
