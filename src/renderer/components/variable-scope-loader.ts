/**
 * Loads the variable scope of the selected environment from the engine, again when the environment, the workspace or
 * a capture changes; revealed secrets are forgotten on every refresh. Apart from variable-scope.tsx, whose fields must
 * not depend on the store.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiPick } from '../../shared/api/contract';
import type { VariableView } from '../../shared/workspace';
import { useAppStore } from '../state/context';
import type { VariableScope } from './variable-scope';

/** The engine operations a variable scope uses. */
export type VariableApi = ApiPick<'workspace.variableView' | 'workspace.revealSecret'>;

/** Loads the selected environment's variable view; undefined until the engine answered (or when it could not). */
export function useVariableScopeLoader(api: VariableApi): VariableScope | undefined {
  const environment = useAppStore((state) => state.environment);
  const workspace = useAppStore((state) => state.workspace);
  // Moves when a call's outcome arrives, which is when captured values change.
  const outcomes = useAppStore((state) => state.historyStamp);
  const [view, setView] = useState<VariableView>();
  const [revealed, setRevealed] = useState<ReadonlyMap<string, string>>(new Map());
  // The environment shown now: an answer to a Reveal asked before a switch must not show under the new one.
  const shown = useRef<string>(undefined);
  shown.current = view?.environment;

  useEffect(() => {
    let live = true;
    api.workspace.variableView({ environment }).then(
      (next) => {
        if (!live) return;
        setView(next);
        setRevealed(new Map());
      },
      // Without a view (an unreadable environment file) the fields stay plain; Send names the real problem.
      () => live && setView(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, environment, workspace, outcomes]);

  const reveal = useCallback(
    async (name: string): Promise<void> => {
      if (view?.environment === undefined) return;
      const asked = view.environment;
      const value = await api.workspace.revealSecret({ environment: asked, name });
      if (shown.current === asked) setRevealed((now) => new Map(now).set(name, value));
    },
    [api, view],
  );
  const hide = useCallback(
    (name: string) =>
      setRevealed((now) => {
        const next = new Map(now);
        next.delete(name);
        return next;
      }),
    [],
  );
  return useMemo(() => (view ? { view, revealed, reveal, hide } : undefined), [view, revealed, reveal, hide]);
}
