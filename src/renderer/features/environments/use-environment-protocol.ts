/** Keeps the store's `environmentProtocol` in step with the selected environment's file. */
import { useEffect } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { useAppStore, useAppStoreApi } from '../../state/context';

/**
 * Reads the selected environment again whenever the selection or the workspace changes (a save in the environment
 * editor or an edit on disk refreshes the workspace); an unreadable file counts as no default (Send names the problem).
 */
export function useEnvironmentProtocol(api: Pick<ProtodeskApi, 'readEnvironment'>): void {
  const environment = useAppStore((state) => state.environment);
  const workspace = useAppStore((state) => state.workspace);
  const store = useAppStoreApi();
  useEffect(() => {
    const { setEnvironmentProtocol } = store.getState();
    if (environment === undefined) {
      setEnvironmentProtocol(undefined);
      return;
    }
    let live = true;
    api.readEnvironment(environment).then(
      (read) => live && setEnvironmentProtocol(read.value.file.protocol),
      () => live && setEnvironmentProtocol(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, environment, workspace, store]);
}
