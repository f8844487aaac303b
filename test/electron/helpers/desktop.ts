import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { watchPage, type PageWatch } from '../../e2e/helpers/watch';

/** The desktop app running under Playwright: its main process, its window, and what went wrong in the page. */
export interface DesktopSession {
  app: ElectronApplication;
  page: Page;
  watch: PageWatch;
  /** What the main process wrote to stderr (crashes and warnings land here). */
  mainOutput: () => string;
  /** The app's own temporary folder (its TMPDIR), where the engine keeps spooled messages and dropped files. */
  tempDir: string;
  close: () => Promise<void>;
}

/** What to start: an Electron binary and its arguments (the app folder, for an unpacked build; none when packaged). */
export interface DesktopLaunch {
  executable: string;
  args: string[];
}

/** Starts the app on `display` with a fresh data folder, and waits for its window. */
export async function launchDesktop(launch: DesktopLaunch, display: string): Promise<DesktopSession> {
  // app.getPath('userData') lives under XDG_CONFIG_HOME on Linux: a fresh one keeps runs apart.
  const configHome = mkdtempSync(join(tmpdir(), 'protodesk-electron-config-'));
  const tempDir = mkdtempSync(join(tmpdir(), 'protodesk-electron-tmp-'));
  // Chromium's sandbox refuses to start as root.
  const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const app = await _electron.launch({
    executablePath: launch.executable,
    args: [...sandbox, ...launch.args],
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: configHome, TMPDIR: tempDir },
    timeout: 60_000,
  });
  let output = '';
  app.process().stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const page = await app.firstWindow();
    page.setDefaultTimeout(15_000);
    let closed: Promise<void> | undefined;
    // Closing twice (a test quits the app, then the suite's cleanup) closes once.
    const close = () => (closed ??= app.close());
    return { app, page, watch: watchPage(page), mainOutput: () => output, tempDir, close };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
