import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { compareNames } from '../../shared/natural-order';
import { writeFileAtomic } from './atomic-write';

/**
 * Encrypts secret values at rest (Electron passes its safeStorage, backed by the OS keychain). It may answer later: the
 * desktop engine runs apart from Electron's main process and asks the keychain there.
 */
export interface SecretCipher {
  encrypt(text: string): Buffer | Promise<Buffer>;
  decrypt(data: Buffer): string | Promise<string>;
}

/** Where secret variable values live: never in the workspace folder. */
export interface SecretStore {
  get(scope: string, name: string): Promise<string | undefined>;
  set(scope: string, name: string, value: string): Promise<void>;
  delete(scope: string, name: string): Promise<void>;
  /** Names with a stored value in the scope, in natural order (src/shared/natural-order.ts). */
  names(scope: string): Promise<string[]>;
}

/** The scope of an environment's secrets: the workspace folder and the environment name, unambiguously joined. */
export function secretScope(workspaceFolder: string, environment: string): string {
  return JSON.stringify([workspaceFolder, environment]);
}

/** The secrets file: values per scope and name; base64 of the cipher's output when `encrypted`. */
interface SecretsFile {
  format: 1;
  encrypted: boolean;
  scopes: Record<string, Record<string, string>>;
}

const secretMode = 0o600;

/**
 * Secrets in one JSON file readable by its owner only (created 0600; looser permissions are tightened on every access),
 * replaced atomically on each change. With a cipher the values are stored encrypted; a plain file is encrypted on the
 * next change. Values never appear in errors or logs.
 */
export class FileSecretStore implements SecretStore {
  // Changes run one after another, so two quick `set`s never lose each other's value.
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly cipher?: SecretCipher,
  ) {}

  /** The stored value, or undefined. */
  get(scope: string, name: string): Promise<string | undefined> {
    return this.serial(async () => {
      const data = await this.read();
      const stored = data.scopes[scope]?.[name];
      return stored === undefined ? undefined : this.reveal(stored, data.encrypted);
    });
  }

  /** Stores (or replaces) a value. */
  set(scope: string, name: string, value: string): Promise<void> {
    return this.change((values) => values.set(name, value), scope);
  }

  /** Removes a value; nothing happens when there is none. */
  delete(scope: string, name: string): Promise<void> {
    return this.change((values) => values.delete(name), scope);
  }

  /** Names with a stored value in the scope, in natural order (src/shared/natural-order.ts). */
  names(scope: string): Promise<string[]> {
    return this.serial(async () => Object.keys((await this.read()).scopes[scope] ?? {}).sort(compareNames));
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Reads everything in clear, applies `edit` to one scope's values, and writes the file back. */
  private change(edit: (values: Map<string, string>) => void, scope: string): Promise<void> {
    return this.serial(async () => {
      const data = await this.read();
      const plain = new Map<string, Map<string, string>>();
      for (const [key, values] of Object.entries(data.scopes)) {
        const revealed = Object.entries(values).map(
          async ([name, stored]) => [name, await this.reveal(stored, data.encrypted)] as const,
        );
        plain.set(key, new Map(await Promise.all(revealed)));
      }
      const values = plain.get(scope) ?? new Map<string, string>();
      edit(values);
      plain.set(scope, values);
      await this.write(plain);
    });
  }

  private async write(plain: Map<string, Map<string, string>>): Promise<void> {
    const scopes: SecretsFile['scopes'] = {};
    for (const [scope, values] of [...plain].sort(([a], [b]) => compareNames(a, b))) {
      if (values.size === 0) continue;
      const sorted = [...values].sort(([a], [b]) => compareNames(a, b));
      scopes[scope] = Object.fromEntries(
        await Promise.all(sorted.map(async ([name, value]) => [name, await this.conceal(value)] as const)),
      );
    }
    const data: SecretsFile = { format: 1, encrypted: this.cipher !== undefined, scopes };
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, `${JSON.stringify(data, null, 2)}\n`, secretMode);
    await this.tighten();
  }

  private async read(): Promise<SecretsFile> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { format: 1, encrypted: false, scopes: {} };
      throw error;
    }
    await this.tighten();
    return this.parse(text);
  }

  /** Checks the file's shape; the parser's own message is dropped because it may quote the file's contents. */
  private parse(text: string): SecretsFile {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(
        `The secrets file ${this.file} is not valid JSON. Fix it, or delete it and enter the secrets again.`,
      );
    }
    if (!isSecretsFile(data)) {
      throw new Error(
        `The secrets file ${this.file} is not in the expected format. Fix it, or delete it and enter the secrets again.`,
      );
    }
    return data;
  }

  /** Takes back read/write access from group and others if something loosened it. */
  private async tighten(): Promise<void> {
    const { mode } = await stat(this.file);
    if ((mode & 0o077) !== 0) await chmod(this.file, secretMode);
  }

  private async conceal(value: string): Promise<string> {
    return this.cipher ? (await this.cipher.encrypt(value)).toString('base64') : value;
  }

  private async reveal(stored: string, encrypted: boolean): Promise<string> {
    if (!encrypted) return stored;
    if (!this.cipher) {
      throw new Error(
        `The secrets file ${this.file} is encrypted with the desktop app's keychain, which is not available here. Use the desktop app, or delete the file and enter the secrets again.`,
      );
    }
    return this.cipher.decrypt(Buffer.from(stored, 'base64'));
  }
}

function isSecretsFile(data: unknown): data is SecretsFile {
  if (typeof data !== 'object' || data === null) return false;
  const { format, encrypted, scopes } = data as Partial<SecretsFile>;
  if (format !== 1 || typeof encrypted !== 'boolean' || typeof scopes !== 'object' || scopes === null)
    return false;
  return Object.values(scopes).every(
    (values) =>
      typeof values === 'object' &&
      values !== null &&
      Object.values(values).every((value) => typeof value === 'string'),
  );
}
