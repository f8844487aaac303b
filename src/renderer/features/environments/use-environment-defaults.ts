/** Keeps the store's copy of the selected environment's defaults (protocol, TLS profile) in step with its file. */
import { useEffect } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import { useAppStore, useAppStoreApi } from '../../state/context';

/**
 * Reads the selected environment again whenever the selection or the workspace changes (a save in the environment
 * editor or an edit on disk refreshes the workspace); an unreadable file counts as no defaults (Send names the problem).
 */
export function useEnvironmentDefaults(api: ApiPick<'workspace.readEnvironment'>): void {
  const environment = useAppStore((state) => state.environment);
  const workspace = useAppStore((state) => state.workspace);
  const store = useAppStoreApi();
  useEffect(() => {
    const { setEnvironmentDefaults } = store.getState();
    if (environment === undefined) {
      setEnvironmentDefaults({});
      return;
    }
    let live = true;
    api.workspace.readEnvironment({ name: environment }).then(
      (read) => live && setEnvironmentDefaults(read.value.file),
      () => live && setEnvironmentDefaults({}),
    );
    return () => {
      live = false;
    };
  }, [api, environment, workspace, store]);
}
