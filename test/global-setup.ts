import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { peers } from './helpers/peer-paths';

const installPeers = fileURLToPath(new URL('../.ci/install-peers.sh', import.meta.url));

/**
 * Before every run: builds or updates the foreign test peers in their cache (.ci/install-peers.sh: idempotent, about
 * 2 s when warm, several minutes when cold; it prints each step), then builds dist/ so tests of the `protodesk`
 * executable exercise the current sources.
 */
export default function setup(): void {
  try {
    execFileSync('bash', [installPeers], {
      stdio: 'inherit',
      env: { ...process.env, PROTODESK_CACHE: peers.cache },
    });
  } catch {
    throw new Error(
      `The test peers could not be installed in ${peers.cache}: install-peers printed why above. ` +
        'Fix that and run npm test again (or run bash .ci/install-peers.sh alone).',
    );
  }
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
