/**
 * What the page says about one `{{name}}`: its value and where it comes from, or why a call would not fill it. Used by
 * the editor's hover and markers and by VariableTextField, so both say exactly the same.
 */
import { editDistance } from '../../shared/edit-distance';
import type { VariableValue, VariableView } from '../../shared/workspace';

/** Shown instead of a secret's value until the person reveals it. */
export const maskedSecret = '••••••';

/** A variable a call would fill, or the warning for one it would not. */
export type VariableLookup =
  { kind: 'known'; variable: VariableValue; origin: string } | { kind: 'unknown'; message: string };

/** Looks a name up in the view. */
export function lookupVariable(view: VariableView, name: string): VariableLookup {
  const variable = view.variables.find((candidate) => candidate.name === name);
  if (variable) return { kind: 'known', variable, origin: originText(variable, view.environment) };
  return { kind: 'unknown', message: unknownMessage(view, name) };
}

function originText(variable: VariableValue, environment: string | undefined): string {
  if (variable.origin === 'captured') return 'captured from an earlier response';
  const where = environment === undefined ? '' : ` '${environment}'`;
  return variable.origin === 'secret' ? `secret of environment${where}` : `from environment${where}`;
}

function unknownMessage(view: VariableView, name: string): string {
  const { environment } = view;
  if (environment !== undefined && view.secretsWithoutValue.includes(name)) {
    return `The secret {{${name}}} has no stored value in environment '${environment}'. Enter it in Environments.`;
  }
  const where =
    environment === undefined
      ? 'no environment is selected. Choose one that defines it.'
      : `not in environment '${environment}'.`;
  const near = closestName(
    name,
    view.variables.map((variable) => variable.name),
  );
  return `Unknown variable {{${name}}} — ${where}${near === undefined ? '' : ` Did you mean {{${near}}}?`}`;
}

/** The known name nearest to a mistyped one (at most 2 edits, ignoring case), if any. */
function closestName(name: string, names: string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (best === undefined || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}
