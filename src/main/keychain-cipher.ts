/** The secret cipher over the OS keychain, given Electron's safeStorage (which Electron 9–14 do not have). */
import type { SecretCipher } from '../core/workspace/secrets';

/** The part of Electron's safeStorage the cipher uses. */
export interface KeychainStorage {
  isEncryptionAvailable(): boolean;
  encryptString(text: string): Buffer;
  decryptString(data: Buffer): string;
}

const noKeychain =
  'This Electron has no access to the system keychain (safeStorage needs Electron 15 or later)';
const useCurrentElectron = 'Run Protodesk with a current Electron to use secrets.';

/**
 * Secrets encrypted with the OS keychain (Keychain, DPAPI, libsecret/kwallet). Without a keychain, values are refused
 * rather than stored in the clear under a false promise.
 */
export function createKeychainCipher(storage: KeychainStorage | undefined): SecretCipher {
  return {
    encrypt(text) {
      if (!storage) throw new Error(`${noKeychain}, so the secret was not saved. ${useCurrentElectron}`);
      if (!storage.isEncryptionAvailable()) {
        throw new Error(
          'The system keychain is not available, so the secret was not saved. Unlock or set up the keychain and save again.',
        );
      }
      return storage.encryptString(text);
    },
    decrypt(data) {
      if (!storage) throw new Error(`${noKeychain}, so saved secrets cannot be read. ${useCurrentElectron}`);
      return storage.decryptString(data);
    },
  };
}
