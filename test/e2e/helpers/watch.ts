import type { BrowserContext, Page } from 'playwright-core';

// Runs in the page before its own scripts: CSP violations are events, kept where `problems` can read them.
const cspRecorder = `
  window.__protodeskCsp = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ' at ' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber : '';
    window.__protodeskCsp.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + where);
  });
`;

/** What went wrong in a page that the user might not see: uncaught errors, console errors, CSP violations. */
export interface PageWatch {
  /** Every problem so far, one line each; [] when the page behaved. */
  problems(): Promise<string[]>;
  /** Forgets the problems so far (after a test that provokes refusals on purpose). */
  clear(): void;
}

/** Installs the CSP recorder on every page of `context` (call before opening pages). */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: cspRecorder });
}

/** Starts collecting `page`'s uncaught errors and console errors. */
export function watchPage(page: Page): PageWatch {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('crash', () => seen.push('the page crashed'));
  return {
    problems: async () => {
      const csp = page.isClosed()
        ? []
        : await page.evaluate<string[]>('window.__protodeskCsp || []').catch(() => []);
      return [...seen, ...csp.map((line) => `CSP violation: ${line}`)];
    },
    clear: () => {
      seen.length = 0;
      if (!page.isClosed()) void page.evaluate('window.__protodeskCsp = []').catch(() => undefined);
    },
  };
}
