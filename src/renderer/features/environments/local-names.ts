/** Names as the dialog shows them before the app's refreshed workspace state arrives. */
import { compareNames } from '../../../shared/natural-order';

/** The workspace's names plus those created here, minus those deleted here, sorted. */
export function withLocalNames(
  names: readonly string[],
  created: readonly string[],
  deleted: readonly string[],
): string[] {
  const all = new Set([...names, ...created]);
  for (const name of deleted) all.delete(name);
  return [...all].sort(compareNames);
}
