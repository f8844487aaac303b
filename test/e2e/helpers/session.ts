import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { startServe, type ServeProcess } from './serve';
import { recordCspViolations, watchPage, type PageWatch } from './watch';

/** One test file's app: its own `protodesk serve`, Chromium and fresh context, and the page open on the app. */
export interface AppSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The app's address, token included. */
  url: string;
  /** The serve process's data folder (the default workspace is `<dataDir>/workspace`). */
  dataDir: string;
  watch: PageWatch;
  close: () => Promise<void>;
}

/** What a session's context starts with. */
export interface SessionOptions {
  colorScheme?: 'light' | 'dark';
  /** Scripts run in the page before its own (e.g. the long-task recorder). */
  initScripts?: string[];
  /** Leaves the page blank (for tests that time the first load themselves). */
  skipNavigation?: boolean;
}

/** Starts the server and the browser, and opens the app at 1280×800. */
export async function openApp(options: SessionOptions = {}): Promise<AppSession> {
  const serve = await startServe();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: options.colorScheme ?? 'light',
      // Requests are pasted into the editor (see setRequestJson).
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // A missing element fails in 10 s, not Playwright's 30: one broken step must not eat the suite's time budget.
    context.setDefaultTimeout(10_000);
    await recordCspViolations(context);
    for (const content of options.initScripts ?? []) await context.addInitScript({ content });
    const page = await context.newPage();
    const watch = watchPage(page);
    if (!options.skipNavigation) await page.goto(serve.url);
    return {
      browser,
      context,
      page,
      url: serve.url,
      dataDir: serve.dataDir,
      watch,
      close: closer(browser, serve),
    };
  } catch (error) {
    await closer(browser, serve)();
    throw error;
  }
}

function closer(browser: Browser | undefined, serve: ServeProcess): () => Promise<void> {
  return async () => {
    await browser?.close();
    await serve.stop();
  };
}
