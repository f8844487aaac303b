/**
 * The request pane's Auth section: where the auth a call uses comes from and its token, then the tab's own auth
 * settings (saved with the request; "Inherit from parent" leaves them to its folders, its collection and the
 * environment).
 */
import { useMemo } from 'react';
import { authSettingsSchema } from '../../../shared/api/auth-validation';
import { useAppStore, useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';
import { AuthEditor } from './AuthEditor';
import { TokenPanel } from './TokenPanel';
import { useAuthStatus, type AuthApi, type AuthContext } from './use-auth-status';

/** The section's content; the engine is asked only while it is shown (`active`). */
export function AuthSection(props: {
  tab: Pick<TabState, 'id' | 'auth' | 'saved' | 'starting'>;
  api: AuthApi;
  active: boolean;
}): React.JSX.Element {
  const { tab, api, active } = props;
  const actions = useAppStoreApi().getState();
  const environment = useAppStore((state) => state.environment);
  const workspace = useAppStore((state) => state.workspace);
  const outcomes = useAppStore((state) => state.historyStamp);
  const valid = tab.auth === undefined || authSettingsSchema.safeParse(tab.auth).success;
  const savedPath = tab.saved?.path;
  const context = useMemo(
    (): AuthContext | undefined =>
      active && valid
        ? {
            ...(savedPath !== undefined ? { savedPath } : {}),
            ...(tab.auth !== undefined ? { auth: tab.auth } : {}),
            ...(environment !== undefined ? { environment } : {}),
          }
        : undefined,
    [active, valid, savedPath, tab.auth, environment],
  );
  // A new object whenever a token may have come or gone: a call ended or started, a file changed.
  const refresh = useMemo(() => ({}), [outcomes, tab.starting, workspace]);
  const state = useAuthStatus(api, context, refresh);
  return (
    <div className="request-auth">
      <TokenPanel
        state={state}
        blocked={valid ? undefined : 'Fill in the fields marked below to use this auth.'}
      />
      <AuthEditor
        value={tab.auth}
        onChange={(auth) => actions.setAuth(tab.id, auth)}
        savedInto="the request file"
      />
    </div>
  );
}
