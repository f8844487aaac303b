import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startJsRich, type JsRichServer } from '../peers/js-rich/server';
import {
  importProtoFolder,
  openMethod,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { axeViolations, describeViolations, serious } from './helpers/axe';
import { protoFolder, screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

/** The page's document, as far as measuring a text range needs it (the test's TypeScript has no DOM types). */
interface RangeHost {
  document: {
    createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): { height: number } };
  };
}

// A failed call whose trailers carry a google.rpc.Status: the body shows the status, its message and every decoded
// detail, each as a titled section (violations as tables), where the user looks first.
describe('an error status with decoded details', () => {
  let app: AppSession;
  let server: JsRichServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startJsRich()]);
    await importProtoFolder(app.page, protoFolder('rich'));
    await openMethod(app.page, 'Fail', 'Errors/Fail');
    await setServerAddress(app.page, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  const fail = async (kind: string, status: string) => {
    await setRequestJson(app.page, `{"kind": "${kind}"}`);
    await send(app.page);
    await waitForStatus(app.page, status);
    return responseRegion(app.page).getByRole('region', { name: 'Error', exact: true });
  };

  test('INVALID_ARGUMENT shows its BadRequest field violations as a table in the body', async () => {
    const { page } = app;
    const error = await fail('bad-request', 'INVALID_ARGUMENT');
    await error.getByText('the request has 2 invalid fields').waitFor();
    expect(await error.getByRole('heading', { level: 3 }).innerText()).toMatch(/INVALID_ARGUMENT\s*code 3/);
    const violations = error.getByRole('table', { name: 'Field violations' });
    const headers = await violations.getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['Field', 'Description', 'Reason']);
    const rows = await violations.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((row) => row.split('\t').map((cell) => cell.trim()))).toEqual([
      ['name', 'must not be empty', ''],
      ['pets[1].age', 'must be at least 0', 'NEGATIVE_AGE'],
    ]);
    // Not "No response message.": the body says what failed.
    expect(await responseRegion(page).innerText()).not.toContain('No response message');
    await page.screenshot({ path: screenshotPath('error.png') });
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
  });

  test('ErrorInfo shows its reason, domain and metadata; RetryInfo its delay', async () => {
    const info = await fail('error-info', 'PERMISSION_DENIED');
    const section = info.getByRole('region', { name: 'Error info' });
    const text = await section.innerText();
    expect(text).toMatch(/Reason\s+API_DISABLED/);
    expect(text).toMatch(/Domain\s+rich\.example\.com/);
    expect(text).toMatch(/Metadata\s+service=rich\.example\.com, consumer=projects\/42/);
    const retry = await fail('retry', 'UNAVAILABLE');
    expect(await retry.getByRole('region', { name: 'Retry info' }).innerText()).toMatch(
      /Retry after\s+1\.5 s/,
    );
  });

  test('every other google.rpc detail type has its own section, with Help as links', async () => {
    const error = await fail('every', 'FAILED_PRECONDITION');
    const titles = [
      'Debug info',
      'Quota failure',
      'Precondition failure',
      'Request info',
      'Resource info',
      'Help',
    ];
    for (const title of [...titles, 'Localized message'])
      await error.getByRole('region', { name: title }).waitFor();
    expect(await error.getByRole('region', { name: 'Debug info' }).innerText()).toMatch(
      /main\.go:12\s+fail\.go:7/,
    );
    const quota = error.getByRole('table', { name: 'Quota violations' });
    expect(await quota.getByRole('columnheader').allInnerTexts()).toEqual([
      'Subject',
      'Description',
      'Limit',
      'Dimensions',
    ]);
    expect(await quota.getByRole('row').nth(1).innerText()).toMatch(
      /project:42\s+daily limit\s+100\s+region=eu/,
    );
    const preconditions = error.getByRole('table', { name: 'Precondition violations' });
    expect(await preconditions.getByRole('row').nth(1).innerText()).toMatch(
      /TOS\s+user:7\s+terms not accepted/,
    );
    expect(await error.getByRole('region', { name: 'Resource info' }).innerText()).toMatch(
      /Name\s+shelves\/1\/books\/2/,
    );
    const link = error.getByRole('link', { name: 'Docs' });
    expect(await link.getAttribute('href')).toBe('https://example.com/help');
    expect(await error.getByRole('region', { name: 'Localized message' }).innerText()).toMatch(
      /fr-FR[\s\S]*Échec/,
    );
  });

  test('a detail of a type outside google.rpc shows under its type name, as JSON', async () => {
    // rich.secret.Hidden is in the imported folder, so it decodes; it has no layout of its own.
    const error = await fail('unknown', 'ABORTED');
    const hidden = error.getByRole('region', { name: 'rich.secret.Hidden' });
    expect(await hidden.innerText()).toContain('"note": "classified"');
    await error.getByRole('region', { name: 'Error info' }).waitFor();
  });

  test('Headers & trailers: keys wrap at their dashes, never letter by letter, and the status reads "(code 3) …"', async () => {
    const { page } = app;
    await fail('bad-request', 'INVALID_ARGUMENT');
    const response = responseRegion(page);
    await response.getByRole('tab', { name: 'Headers & trailers' }).click();
    const key = response
      .getByRole('region', { name: 'Trailers' })
      .getByRole('cell')
      .filter({ hasText: /^grpc-status-details-bin$/ });
    // A trailers-only response: content-type comes with the trailers, on one line.
    const single = response
      .getByRole('region', { name: 'Trailers' })
      .getByRole('cell')
      .filter({ hasText: /^content-type$/ });
    // The height of the text itself (a cell is as tall as its row, which the long value makes tall).
    const textHeight = (cell: typeof key): Promise<number> =>
      cell.evaluate((element) => {
        const range = (globalThis as unknown as RangeHost).document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().height;
      });
    const [keyHeight, lineHeight] = await Promise.all([textHeight(key), textHeight(single)]);
    // Three pieces at most (grpc- status- details-bin), not one line per letter.
    expect(keyHeight).toBeLessThanOrEqual(lineHeight * 3);
    expect(await response.getByRole('region', { name: 'Status' }).innerText()).toContain(
      '(code 3) the request has 2 invalid fields',
    );
    await page.screenshot({ path: screenshotPath('error-trailers.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});

// The same body at the narrow size and in the dark theme: every detail type at once, with nothing that blocks a user
// of assistive technology.
describe('every detail type in the dark theme at 1024×700', () => {
  let app: AppSession;
  let server: JsRichServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp({ colorScheme: 'dark' }), startJsRich()]);
    await app.page.setViewportSize({ width: 1024, height: 700 });
    await importProtoFolder(app.page, protoFolder('rich'));
    await openMethod(app.page, 'Fail', 'Errors/Fail');
    await setServerAddress(app.page, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('the sections show and axe finds nothing serious', async () => {
    const { page } = app;
    await setRequestJson(page, '{"kind": "every"}');
    await send(page);
    await waitForStatus(page, 'FAILED_PRECONDITION');
    const error = responseRegion(page).getByRole('region', { name: 'Error', exact: true });
    await error.getByRole('table', { name: 'Quota violations' }).waitFor();
    expect(describeViolations(serious(await axeViolations(page)))).toBe('');
    await page.screenshot({ path: screenshotPath('error-every-dark-1024.png') });
    expect(await app.watch.problems()).toEqual([]);
  });
});
