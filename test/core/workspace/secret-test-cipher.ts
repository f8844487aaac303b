import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../../src/core/workspace/secrets';

/** A SecretCipher that answers at once, as safeStorage does. */
interface ImmediateCipher extends SecretCipher {
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

/** A real AES-256-GCM cipher standing in for Electron's safeStorage (which needs a running Electron). */
export function aesCipher(key: Buffer = randomBytes(32)): ImmediateCipher {
  return {
    encrypt(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
