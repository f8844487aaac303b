import { execFileSync } from 'node:child_process';

/** Builds dist/ once per run, so tests of the `protodesk` executable exercise the current sources. */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
}
