import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/workspace/secrets';

/**
 * Secrets encrypted with the OS keychain (Keychain, DPAPI, libsecret/kwallet) through Electron's safeStorage. When the
 * platform has no keychain, values are refused rather than stored in the clear under a false promise.
 */
export const keychainCipher: SecretCipher = {
  encrypt(text) {
    if (!safeStorage.isEncryptionAvailable()) {
      throw new Error('The system keychain is not available, so the secret was not saved. Unlock or set up the keychain and save again.');
    }
    return safeStorage.encryptString(text);
  },
  decrypt: (data) => safeStorage.decryptString(data),
};
