/**
 * Shown on a tab whose schema source or TLS profile is not in the open workspace (after a switch, or removed): what is
 * missing and the one click that fixes it — bring it from the workspace left, import a schema, or use no TLS profile.
 */
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { useSidebarView } from '../sidebar/use-sidebar-view';

/** Whether the tab names a source the engine does not have (once the sources are listed). */
export function useSourceMissing(tab: TabState): boolean {
  return useAppStore(
    (state) => state.sourcesListed === true && !state.sources.some((source) => source.id === tab.sourceId),
  );
}

/** The banners of one tab; nothing when its source and profile are there. */
export function MissingPartsBanner(props: { tab: TabState }): React.JSX.Element | null {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  const sourceMissing = useSourceMissing(tab);
  const workspace = useAppStore((state) => state.workspace);
  const leftBehind = useAppStore((state) => state.leftBehind);
  const { setView } = useSidebarView();
  const profile = tab.tlsProfile;
  const profileMissing =
    profile !== undefined && workspace !== undefined && !workspace.tlsProfiles.includes(profile);
  if (!sourceMissing && !profileMissing) return null;
  const source = leftBehind?.sources.find((entry) => entry.id === tab.sourceId);
  const profileLeft = profile !== undefined && leftBehind?.tlsProfiles.includes(profile) === true;
  const here = workspace?.name ?? 'this workspace';
  return (
    <div className="pd-missing-banner" role="alert">
      {sourceMissing && (
        <div className="pd-missing-row">
          <p>
            {source
              ? `The schema ${source.label} was left in ${leftBehind?.workspace ?? 'the previous workspace'}: ${here} does not have ${tab.title}.`
              : `No loaded schema has ${tab.title}. Import its .proto files or reflect its server; this tab picks it up by itself.`}
          </p>
          {source ? (
            <button
              type="button"
              className="primary"
              onClick={() => void actions.bringLeftBehind({ sourceId: source.id })}
            >
              Bring {source.label} into this workspace
            </button>
          ) : (
            <button type="button" onClick={() => setView('schemas')}>
              Show Schemas
            </button>
          )}
        </div>
      )}
      {profileMissing && (
        <div className="pd-missing-row">
          <p>
            {profileLeft
              ? `The TLS profile ${profile} was left in ${leftBehind?.workspace ?? 'the previous workspace'}: ${here} has no tls/${profile}.json.`
              : `The TLS profile ${profile} is not in ${here} (no tls/${profile}.json).`}
          </p>
          {profileLeft && (
            <button
              type="button"
              className="primary"
              onClick={() => void actions.bringLeftBehind({ tlsProfile: profile })}
            >
              Bring {profile} into this workspace
            </button>
          )}
          <button type="button" onClick={() => actions.setTlsProfile(tab.id, undefined)}>
            Use no TLS profile
          </button>
        </div>
      )}
    </div>
  );
}
