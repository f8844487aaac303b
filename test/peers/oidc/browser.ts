// The provider's own pages driven in a real Chromium: its devInteractions login and consent, and the device flow's.
import type { Browser, Page } from 'playwright-core';

/** devInteractions takes any password; one that is easy to spot if it ever leaks into output. */
const password = 'provider-password-4e7b';

/** A login page and a consent page, twice over when the provider asks again: more means the flow is stuck. */
const maxSteps = 4;

const onInteraction = (origin: string, url: URL): boolean =>
  url.origin === origin && url.pathname.startsWith('/interaction/');

/**
 * Waits for `page` to show one of the provider's interaction pages, then signs in as `login` (default `alice`, the
 * tokens' `sub`) and consents, until the provider sends the page elsewhere: the client's redirect URI, or for the
 * device flow its success page. Resolves once that page's document has loaded.
 */
export async function completeProviderLogin(page: Page, options: { login?: string } = {}): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'), { waitUntil: 'domcontentloaded' });
  const origin = new URL(page.url()).origin;
  for (let step = 0; step < maxSteps; step += 1) {
    const current = page.url();
    if (!onInteraction(origin, new URL(current))) return;
    const login = page.locator('input[name="login"]');
    if ((await login.count()) > 0) {
      await login.fill(options.login ?? 'alice');
      await page.locator('input[name="password"]').fill(password);
    }
    // The login page's "Sign-in" or the consent page's "Continue": each page has one form and one submit button.
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.href !== current, { waitUntil: 'domcontentloaded' });
  }
  throw new Error(
    `the provider still shows ${page.url()} after ${maxSteps} sign-in steps: the flow is stuck`,
  );
}

/**
 * Approves a device authorization as the user would: opens `verificationUriComplete` in a new page of `browser`,
 * confirms the user code it carries, signs in and consents, and checks the provider's success page.
 */
export async function approveDevice(
  browser: Browser,
  verificationUriComplete: string,
  options: { login?: string } = {},
): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(verificationUriComplete, { waitUntil: 'domcontentloaded' });
    await page.locator('button[form="op.deviceConfirmForm"][autofocus]').click();
    await completeProviderLogin(page, options);
    const heading = await page.locator('h1').textContent();
    if (heading !== 'Sign-in Success') {
      throw new Error(
        `the device approval ended on "${heading}" at ${page.url()}, not the provider's success page`,
      );
    }
  } finally {
    await page.close();
  }
}
