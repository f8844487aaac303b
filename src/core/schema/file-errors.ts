import type { SchemaProblem } from '../../shared/schema';

/** Turns a failed read of a file the user named into a problem that says what is wrong with that path. */
export function describeFileError(error: unknown, path: string, what: string): SchemaProblem {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return {
        message: `The ${what} ${path} does not exist.`,
        hint: 'Check the path (relative paths start at the current folder).',
      };
    case 'EISDIR':
      return { message: `${path} is a folder, not a ${what}.` };
    case 'EACCES':
    case 'EPERM':
      return { message: `No permission to read the ${what} ${path}.` };
    default:
      return { message: `Cannot read the ${what} ${path}: ${(error as Error).message}` };
  }
}
