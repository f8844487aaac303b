import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { peers } from '../../helpers/peer-paths';

/** The Chromium the e2e tests drive: Debian's, unless PROTODESK_CHROMIUM names another. Never a downloaded one. */
export const chromiumPath = peers.chromium;

// What works as root with no network (see ../shared/ENVIRONMENT.md): no sandbox, no GPU, no background fetching.
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium (Playwright gives it a fresh temporary profile); fails with what to do when it is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Run .ci/install-peers.sh (as root it installs Debian's chromium) ` +
        'or set PROTODESK_CHROMIUM to a Chromium binary.',
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: flags });
}
