/** Which server a new tab talks to: the last one used with its source, so opening many methods needs no retyping. */
import type { SourceState } from '../../shared/api/types';
import type { AppState, Connection } from './types';

const blank: Connection = { target: '', tls: { mode: 'plaintext' }, metadata: [] };

/** The connection a new tab on `sourceId` starts with. */
export function connectionFor(
  state: Pick<AppState, 'connections' | 'lastConnection' | 'sources'>,
  sourceId: string,
): Connection {
  const remembered = state.connections[sourceId];
  if (remembered) return remembered;
  const source = state.sources.find((s) => s.id === sourceId);
  return fromReflection(source) ?? state.lastConnection ?? blank;
}

/** A reflected source's own server, with the metadata reflection was given. */
function fromReflection(source: SourceState | undefined): Connection | undefined {
  if (source?.source.kind !== 'reflection') return undefined;
  const { target, tls, metadata = [] } = source.source;
  return { target, tls, metadata: metadata.map(({ key, value }) => ({ key, value, enabled: true })) };
}

/** The memory after a tab on `sourceId` changed its connection. */
export function rememberConnection(
  state: Pick<AppState, 'connections'>,
  sourceId: string,
  connection: Connection,
): Pick<AppState, 'connections' | 'lastConnection'> {
  const copy: Connection = { target: connection.target, tls: connection.tls, metadata: connection.metadata };
  return { connections: { ...state.connections, [sourceId]: copy }, lastConnection: copy };
}
