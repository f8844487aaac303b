import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';
import {
  importByReflection,
  methodItem,
  openMethod,
  requestEditorText,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForMonaco,
  waitForReceived,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// A Python grpcio server by reflection, whose descriptors have no json_name: the sample request uses JSON names, a
// request in proto names is sent whole, and the streamed movies show with their fields.
describe('a Python grpcio server by reflection', () => {
  let app: AppSession;
  let server: PyServer;

  beforeAll(async () => {
    [app, server] = await Promise.all([openApp(), startPyServer({ schema: 'pyservice' })]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), server?.stop()]);
  });

  test('import by reflection lists the services and their methods', async () => {
    const { page } = app;
    await importByReflection(page, `127.0.0.1:${server.port}`);
    for (const method of ['ListMovies', 'GetMovie', 'RateMovies', 'Chat', 'Echo', 'Describe']) {
      await methodItem(page, method).waitFor();
    }
  });

  test('the sample request names the fields by their JSON names', async () => {
    const { page } = app;
    await openMethod(page, 'ListMovies', 'MovieService/ListMovies');
    await waitForMonaco(page);
    await page.getByRole('button', { name: 'Fill every field' }).click();
    await expect.poll(() => requestEditorText(page)).toContain('"pageSize"');
    const sample = await requestEditorText(page);
    expect(sample).toContain('"pageSize": 1');
    expect(sample).toContain('"genreFilter": "GENRE_UNSPECIFIED"');
    expect(sample).not.toContain('"":');
  });

  test('{"page_size": 3} streams three movies, each shown with its fields', async () => {
    const { page } = app;
    await setServerAddress(page, `127.0.0.1:${server.port}`);
    await setRequestJson(page, '{"page_size": 3}');
    await send(page);
    await waitForStatus(page, 'OK');
    await waitForReceived(page, 3);
    const grid = responseRegion(page).getByRole('grid', { name: 'Messages' });
    for (const title of ['Metropolis', 'Modern Times', 'Amélie'])
      await grid.getByText(title).first().waitFor();
    // The sent row shows the request as it was sent.
    await expect
      .poll(() => grid.getByRole('row').filter({ hasText: /^sent/ }).first().innerText())
      .toContain('"page_size": 3');
    await grid.getByRole('row').filter({ hasText: 'Modern Times' }).first().click();
    const detail = responseRegion(page).getByText('"releaseYear"').first();
    await detail.waitFor();
    expect(await responseRegion(page).innerText()).not.toContain('"":');
    await page.screenshot({ path: screenshotPath('python-reflection.png') });
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
