import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMisbehavingServer, type FaultyServer } from '../helpers/misbehaving-server';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  addMetadata,
  importInteropProtos,
  openMethod,
  responseRegion,
  send,
  setDeadline,
  setRequestJson,
  setServerAddress,
  waitForStatus,
} from './helpers/app';
import { screenshotPath } from './helpers/paths';
import { openApp, type AppSession } from './helpers/session';

// What grpc-js says in its own words (elapsed times and LB picks, "Name resolution failed for target dns:…", "Call
// cancelled" for a server's reset) reaches the user in Protodesk's words, with a hint, in the body of the response.
describe('failed calls explained in the body', () => {
  let app: AppSession;
  let go: GoReflectServer;
  let faulty: FaultyServer;

  beforeAll(async () => {
    [app, go, faulty] = await Promise.all([openApp(), startGoReflect(), startMisbehavingServer()]);
    await importInteropProtos(app.page);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), go?.stop(), faulty?.close()]);
  });

  const error = () => responseRegion(app.page).getByRole('region', { name: 'Error', exact: true });

  test('a deadline against grpc-go’s slow stream names the deadline set, with grpc-js’s words as a technical detail', async () => {
    const { page } = app;
    await openMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
    await setServerAddress(page, `127.0.0.1:${go.port}`);
    await setRequestJson(page, '{"responseParameters": [{"size": 1, "intervalUs": 5000000}]}');
    await setDeadline(page, '700');
    await send(page);
    await waitForStatus(page, 'DEADLINE_EXCEEDED');
    const text = await error().innerText();
    expect(text).toMatch(/No response within the 0\.7 s deadline/);
    expect(text).toContain('raise the deadline, or check why the server is slow');
    expect(text).not.toMatch(/LB pick|remote_addr/);
    // grpc-js's own words wait behind "Technical detail" (the server may also have reset the stream at the deadline).
    await error().getByText('Technical detail').click();
    expect(await error().innerText()).toMatch(/Deadline exceeded after|Call cancelled/);
    await page.screenshot({ path: screenshotPath('error-deadline.png') });
    await setDeadline(page, '');
  });

  test('an unknown host: "Cannot find host" and what to check', async () => {
    const { page } = app;
    await openMethod(page, 'EmptyCall', 'TestService/EmptyCall');
    await setServerAddress(page, 'no-such-host.invalid:50051');
    await send(page);
    await waitForStatus(page, 'UNAVAILABLE');
    const text = await error().innerText();
    expect(text).toContain('Cannot find host no-such-host.invalid');
    expect(text).toContain('Check the spelling of the host');
    expect(text).not.toContain('Name resolution failed for target dns:');
    await error().getByText('Technical detail').click();
    expect(await error().innerText()).toContain('no-such-host.invalid');
  });

  test('a stream the h2 server reset: the server reset it, with the HTTP/2 code — not "Call cancelled"', async () => {
    const { page } = app;
    await setServerAddress(page, faulty.target);
    await addMetadata(page, 'misbehave', 'reset-cancel');
    await send(page);
    await waitForStatus(page, 'CANCELLED');
    const message = error().getByText('The server reset the stream with HTTP/2 CANCEL (code 8)', {
      exact: false,
    });
    await message.waitFor();
    expect(await error().innerText()).toContain('Nothing was cancelled here');
  });

  test('the page had no errors, console errors or CSP violations', async () => {
    expect(await app.watch.problems()).toEqual([]);
  });
});
