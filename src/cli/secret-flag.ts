import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error';

/** Where the process's environment variables come from: `process.env`, or a test's own. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * A secret given to a flag: `env:NAME` reads the environment variable NAME, `@FILE` reads the file (one final line
 * break dropped), anything else is the value itself. The first two keep the secret out of shell history and out of
 * the process list; a value that itself starts with `env:` or `@` is passed through an environment variable.
 */
export function secretFlagValue(text: string, flag: string, env: Environment): string {
  const value = text.startsWith('env:')
    ? fromEnvironment(text.slice('env:'.length), flag, env)
    : text.startsWith('@')
      ? fromFile(text.slice(1), flag)
      : text;
  if (value === '') throw new UsageError(`${flag} is empty.`, whereSecretsGo);
  return value;
}

const whereSecretsGo =
  'Give the value, env:NAME to read the environment variable NAME, or @FILE to read a file.';

function fromEnvironment(name: string, flag: string, env: Environment): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new UsageError(
      `${flag} env:${name}: "${name}" is not an environment variable name.`,
      'Write env:NAME with letters, digits and _ (env:API_TOKEN).',
    );
  const value = env[name];
  if (value === undefined)
    throw new UsageError(
      `${flag} env:${name}: the environment variable ${name} is not set.`,
      `Set it first (export ${name}=…), or give the value another way.`,
    );
  return value;
}

function fromFile(path: string, flag: string): string {
  if (path === '') throw new UsageError(`${flag} @: no file named after the @.`, whereSecretsGo);
  try {
    // A file written by `echo` or an editor ends in a line break that is not part of the secret.
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message;
    throw new UsageError(`${flag} @${path}: cannot read the file (${why}).`, 'Check the path.');
  }
}
