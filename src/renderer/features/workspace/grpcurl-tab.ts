/** A pasted grpcurl command becomes a tab: its proto source loaded first when it names one, its TLS flags kept. */
import type { ApiPick } from '../../../shared/api/contract';
import type { SourceState } from '../../../shared/api/types';
import type { TlsSettings } from '../../../shared/schema';
import type { GrpcurlImport, TlsProfile } from '../../../shared/workspace';
import { focusEditorWhenShown } from '../../editor';
import type { AppStore } from '../../state/store';
import { requestModelUri } from '../request/model-uri';

/** The tab's own TLS fields for the TLS flags of a command (embedded PEM text has no field: it is left out). */
export function tlsOfProfile(profile: TlsProfile | undefined): TlsSettings {
  if (!profile || profile.mode === 'plaintext') return { mode: 'plaintext' };
  const serverName = profile.serverName !== undefined ? { serverName: profile.serverName } : {};
  if (profile.mode === 'insecure') return { mode: 'tls', insecure: true, ...serverName };
  return {
    mode: 'tls',
    ...(profile.mode !== 'systemRoots' && profile.caFiles ? { caFiles: profile.caFiles } : {}),
    ...(profile.mode === 'mutual' && profile.certFile ? { certFile: profile.certFile } : {}),
    ...(profile.mode === 'mutual' && profile.keyFile ? { keyFile: profile.keyFile } : {}),
    ...serverName,
  };
}

/** Whether a source is loaded already (the same files, folder, descriptor set or server). */
function isLoaded(sources: SourceState[], source: SourceState['source']): boolean {
  const key = JSON.stringify(source);
  return sources.some((loaded) => loaded.status === 'loaded' && JSON.stringify(loaded.source) === key);
}

/** Loads the import's source (unless loaded), then opens its request in a new tab, the caret in its request editor. */
export async function openGrpcurlImport(
  api: ApiPick<'sources.add' | 'sources.list'>,
  store: AppStore,
  result: GrpcurlImport,
): Promise<void> {
  if (result.source && !isLoaded(store.getState().sources, result.source)) {
    await api.sources.add({ source: result.source });
    store.getState().setSources(await api.sources.list());
  }
  store.getState().newTabFromRequest(result.request, tlsOfProfile(result.tlsProfile));
  // The next thing to do is read or edit the request, then Ctrl+Enter.
  const tabId = store.getState().activeTabId;
  if (tabId) focusEditorWhenShown(requestModelUri(tabId));
}
