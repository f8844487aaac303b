import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore, secretScope } from '../../src/core/workspace/secrets';
import { createKeychainCipher } from '../../src/main/keychain-cipher';
import type { KeychainStorage } from '../../src/main/keychain-cipher';
import { aesCipher } from '../core/workspace/secret-test-cipher';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-keychain-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scope = secretScope('/work/api', 'dev');

/** A keychain standing in for safeStorage (which needs a running Electron): real AES, available or not. */
function keychain(available: boolean): KeychainStorage {
  const aes = aesCipher();
  return {
    isEncryptionAvailable: () => available,
    encryptString: (text) => aes.encrypt(text),
    decryptString: (data) => aes.decrypt(data),
  };
}

describe('the keychain cipher', () => {
  it('stores secrets encrypted when the keychain is there', async () => {
    const file = join(dir, 'secrets.json');
    const store = new FileSecretStore(file, createKeychainCipher(keychain(true)));
    await store.set(scope, 'token', 'hunter2');
    expect(await store.get(scope, 'token')).toBe('hunter2');
    expect(await readFile(file, 'utf8')).not.toContain('hunter2');
  });

  it('on Electron 9–14 (no safeStorage), refuses to save a secret and says why', async () => {
    const file = join(dir, 'secrets.json');
    const store = new FileSecretStore(file, createKeychainCipher(undefined));
    await expect(store.set(scope, 'token', 'hunter2')).rejects.toThrow(
      'This Electron has no access to the system keychain (safeStorage needs Electron 15 or later), so the secret ' +
        'was not saved. Run Protodesk with a current Electron to use secrets.',
    );
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('on Electron 9–14, says why secrets saved by a newer Electron cannot be read', async () => {
    const file = join(dir, 'secrets.json');
    await new FileSecretStore(file, createKeychainCipher(keychain(true))).set(scope, 'token', 'hunter2');
    const store = new FileSecretStore(file, createKeychainCipher(undefined));
    await expect(store.get(scope, 'token')).rejects.toThrow(
      /no access to the system keychain .* cannot be read/,
    );
  });

  it('refuses to save when the keychain is locked or missing', async () => {
    const store = new FileSecretStore(join(dir, 'secrets.json'), createKeychainCipher(keychain(false)));
    await expect(store.set(scope, 'token', 'hunter2')).rejects.toThrow(
      'The system keychain is not available, so the secret was not saved. Unlock or set up the keychain and save again.',
    );
  });
});
