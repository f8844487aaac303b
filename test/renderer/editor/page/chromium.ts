/**
 * Launches the machine's Chromium for the editor page. test/e2e/helpers/chromium.ts does the same for the e2e suite,
 * but it belongs to the Node TypeScript project, which this DOM-project test cannot import from.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const executablePath = process.env.PROTODESK_CHROMIUM ?? '/usr/bin/chromium';

/** Headless Chromium with the flags that work as root without network (see ENVIRONMENT.md), or a clear error. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(executablePath))
    throw new Error(`Chromium is missing at ${executablePath}: install it or set PROTODESK_CHROMIUM.`);
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  return chromium.launch({ executablePath, args });
}
