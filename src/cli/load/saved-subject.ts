import { prepareLoad } from '../../core/service/use-cases/prepare-load';
import { dataFolderSecrets } from '../../core/service/use-cases/data-folder';
import { selectionUsageError } from '../selection-error';
import type { CliAuth } from '../cli-auth';
import { loadAuthSource, type LoadSubject } from './load-subject';

/** Which saved request to load-test, and with which variables. */
export interface SavedRequestChoice {
  workspace: string;
  request: string;
  environment?: string;
  /** --var values, over the environment's (secrets are read from the data folder's secrets file, as `run` does). */
  variables: Record<string, string>;
}

/**
 * A saved request as `protodesk run` calls it (see prepareLoad): a workspace, environment or request that does not
 * exist, or a TLS profile that cannot be used, is a usage error (exit 2).
 */
export async function savedSubject(choice: SavedRequestChoice, auth: CliAuth): Promise<LoadSubject> {
  return prepareLoad({
    kind: 'saved',
    ...choice,
    secrets: dataFolderSecrets(),
    auth: loadAuthSource(auth),
  }).catch((error: unknown) => {
    throw selectionUsageError(error);
  });
}
