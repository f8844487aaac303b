import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileSecretStore, secretScope } from '../../../src/core/workspace/secrets';
import { aesCipher } from './secret-test-cipher';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-secrets-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mode = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;
const dev = secretScope('/work/api', 'dev');
const prod = secretScope('/work/api', 'prod');

describe('FileSecretStore', () => {
  it('stores, lists, replaces and deletes values per scope', async () => {
    const store = new FileSecretStore(join(dir, 'data', 'secrets.json'));
    expect(await store.get(dev, 'token')).toBeUndefined();
    await store.set(dev, 'token', 'one');
    await store.set(dev, 'apiKey', 'two');
    await store.set(prod, 'token', 'three');
    await store.set(dev, 'token', 'four');
    expect(await store.get(dev, 'token')).toBe('four');
    expect(await store.get(prod, 'token')).toBe('three');
    expect(await store.names(dev)).toEqual(['apiKey', 'token']);
    await store.delete(dev, 'token');
    await store.delete(dev, 'never-set');
    expect(await store.names(dev)).toEqual(['apiKey']);
    expect(await new FileSecretStore(join(dir, 'data', 'secrets.json')).get(dev, 'apiKey')).toBe('two');
  });

  it('lists names, and writes scopes and names to the file, in natural order (key2 before key10, case aside)', async () => {
    const file = join(dir, 'secrets.json');
    const store = new FileSecretStore(file);
    for (const name of ['token', 'key10', 'Key1', 'key2']) await store.set(dev, name, name);
    await store.set(secretScope('/work/api', 'stage10'), 'a', 'a');
    await store.set(secretScope('/work/api', 'stage2'), 'a', 'a');
    expect(await store.names(dev)).toEqual(['Key1', 'key2', 'key10', 'token']);
    const written = JSON.parse(await readFile(file, 'utf8')) as {
      scopes: Record<string, Record<string, string>>;
    };
    expect(Object.keys(written.scopes[dev] ?? {})).toEqual(['Key1', 'key2', 'key10', 'token']);
    expect(Object.keys(written.scopes)).toEqual([
      dev,
      secretScope('/work/api', 'stage2'),
      secretScope('/work/api', 'stage10'),
    ]);
  });

  it('keeps every value when many are set at once', async () => {
    const store = new FileSecretStore(join(dir, 'secrets.json'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.set(dev, `v${i}`, `value ${i}`)));
    expect(await store.names(dev)).toHaveLength(20);
  });

  it('creates the file with mode 0600 and tightens it again when loosened', async () => {
    const file = join(dir, 'secrets.json');
    const store = new FileSecretStore(file);
    await store.set(dev, 'token', 'abc');
    expect(await mode(file)).toBe(0o600);
    await chmod(file, 0o644);
    expect(await store.get(dev, 'token')).toBe('abc');
    expect(await mode(file)).toBe(0o600);
    await chmod(file, 0o666);
    await store.set(dev, 'other', 'x');
    expect(await mode(file)).toBe(0o600);
  });

  it('stores values encrypted with a cipher, and encrypts a plain file on the next change', async () => {
    const file = join(dir, 'secrets.json');
    await new FileSecretStore(file).set(dev, 'old', 'plain-old-value');
    const cipher = aesCipher();
    const store = new FileSecretStore(file, cipher);
    expect(await store.get(dev, 'old')).toBe('plain-old-value');
    await store.set(dev, 'token', 'very-secret-token');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('very-secret-token');
    expect(text).not.toContain('plain-old-value');
    expect(await new FileSecretStore(file, cipher).get(dev, 'old')).toBe('plain-old-value');
  });

  it('refuses an encrypted file without the cipher, and a broken file, without quoting its contents', async () => {
    const file = join(dir, 'secrets.json');
    await new FileSecretStore(file, aesCipher()).set(dev, 'token', 'x');
    await expect(new FileSecretStore(file).get(dev, 'token')).rejects.toThrow(
      /encrypted with the desktop app's keychain/,
    );
    await writeFile(file, '{"format": 1, "scopes": {"a": {"b": "hunter2"', { mode: 0o600 });
    const error = await new FileSecretStore(file).get(dev, 'b').catch((caught: Error) => caught);
    expect((error as Error).message).toBe(
      `The secrets file ${file} is not valid JSON. Fix it, or delete it and enter the secrets again.`,
    );
    expect((error as Error).message).not.toContain('hunter2');
  });

  it('leaves no temporary files behind', async () => {
    const store = new FileSecretStore(join(dir, 'secrets.json'));
    for (let i = 0; i < 5; i++) await store.set(dev, 'token', `v${i}`);
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });
});
