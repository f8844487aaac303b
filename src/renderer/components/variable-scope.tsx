/**
 * The variables `{{name}}` would be filled with in the selected environment, handed to the request pane's fields and
 * editor (variable-scope-loader.ts loads it). Secret values reach the page only through `reveal`, when the person
 * clicked "Reveal".
 */
import { createContext, useContext } from 'react';
import type { VariableView } from '../../shared/workspace';

/** The variables of the selected environment, and the secrets the person chose to see. */
export interface VariableScope {
  view: VariableView;
  /** Secret values by name, only those revealed on request. */
  revealed: ReadonlyMap<string, string>;
  /** Asks the engine for a secret's value and shows it; rejects (ApiError) when it cannot. */
  reveal(name: string): Promise<void>;
  /** Masks a revealed secret again. */
  hide(name: string): void;
}

const ScopeContext = createContext<VariableScope | undefined>(undefined);

/** Provides a scope to the fields below (absent: they show no variables, as in dialogs where none are filled). */
export const VariableScopeProvider = ScopeContext.Provider;

/** The scope of the surrounding request pane, if any. */
export function useVariableScope(): VariableScope | undefined {
  return useContext(ScopeContext);
}
