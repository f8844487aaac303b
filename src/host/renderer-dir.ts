import { fileURLToPath } from 'node:url';

/** The built page: `dist/renderer`, beside the bundle this module is built into (`dist/cli.js`). */
export function defaultRendererDir(): string {
  return fileURLToPath(new URL('./renderer/', import.meta.url));
}
