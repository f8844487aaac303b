import { appDataDir, secretsFile } from '../../workspace/app-data';
import { FileSecretStore, type SecretStore } from '../../workspace/secrets';

export { appDataDir };

/**
 * The secret values the command line reads (`protodesk run`, `protodesk load --workspace`): the data folder's
 * secrets file, which the desktop app's keychain-encrypted store is not.
 */
export function dataFolderSecrets(): SecretStore {
  return new FileSecretStore(secretsFile(appDataDir()));
}
