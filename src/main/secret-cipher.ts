/** The app's secret cipher: the OS keychain through Electron's safeStorage, when this Electron has it. */
import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/workspace/secrets';
import { createKeychainCipher } from './keychain-cipher';
import type { KeychainStorage } from './keychain-cipher';

/** Encrypts secrets with the OS keychain; refuses with a clear message on Electrons without safeStorage (before 15). */
export const keychainCipher: SecretCipher = createKeychainCipher(safeStorage as KeychainStorage | undefined);
