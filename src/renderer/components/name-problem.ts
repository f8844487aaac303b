/** Why a name typed for a file (collection, folder, request, environment, TLS profile) cannot be used, in words. */
import { itemNameSchema } from '../../shared/api/workspace-validation';

/**
 * The problem with `name` as one file or folder name, or undefined when it is usable; `whenEmpty` says what to do when
 * nothing was typed ("Give the request a name."). The schema's own messages are words already, except its length
 * limits, which are reworded here.
 */
export function nameProblem(name: string, whenEmpty: string): string | undefined {
  if (name.trim() === '') return whenEmpty;
  const checked = itemNameSchema.safeParse(name);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0];
  if (issue?.code === 'too_big') return 'Use a name of at most 100 characters.';
  return issue?.message ?? 'Use a plain name: letters, digits, spaces, - and _.';
}
