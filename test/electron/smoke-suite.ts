// The smoke suite both desktop builds run (unpacked app folder, packaged `--linux dir`): the window, the bridge and
// nothing else, the page's limits, then a user's first minutes: import a proto folder, a unary call, a server stream.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { ElectronApplication, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operationNames } from '../../src/shared/api/contract';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import {
  closedOrFailed,
  methodItem,
  openMethod,
  requestEditor,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForReceived,
  waitForStatus,
} from '../e2e/helpers/app';
import { googleapisRoot } from '../../bench/googleapis';
import { protoFolder, protoRoot } from '../e2e/helpers/paths';
import { launchDesktop, type DesktopLaunch, type DesktopSession } from './helpers/desktop';
import {
  googleapisFiles,
  importWhileStreaming,
  longestGap,
  mainRoundTrips,
  median,
  watchMainLoop,
  type PageSamples,
} from './helpers/responsiveness';
import { startXvfb, type VirtualDisplay } from './helpers/xvfb';

export interface SmokeOptions {
  /** Builds (and packages) the app; answers how to start it. */
  prepare: () => Promise<DesktopLaunch>;
  /** Where the window's screenshot goes, if anywhere. */
  screenshot?: string;
  /** Checks on the running main process that only this build needs (e.g. that it loads from app.asar). */
  extra?: (session: () => DesktopSession) => void;
}

/**
 * What the preload may give the page: one function per operation and the event subscription. (`pathForFile` joins them
 * from Electron 29, which has webUtils; Electron 9's dropped files still carry their `path`.)
 */
const bridgeKeys = [...operationNames, 'onEvent'].sort();

/** The user's picks in the next native open dialogs, in order: main shows them, the test answers for the user. */
async function answerOpenDialogs(app: ElectronApplication, picks: string[][]): Promise<void> {
  await app.evaluate(({ dialog }, queue) => {
    dialog.showOpenDialog = (() =>
      Promise.resolve({ canceled: false, filePaths: queue.shift() ?? [] })) as typeof dialog.showOpenDialog;
  }, picks);
}

/** Waits until a textbox shows `value` (a dialog's answer arrives asynchronously). */
async function untilValue(field: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await field.inputValue()) !== value) {
    if (Date.now() > deadline) throw new Error(`the field never showed ${value}`);
    await field.page().waitForTimeout(50);
  }
}

/** The engine host's process: the child of main `mainPid` running engine.cjs (Linux /proc). */
function enginePid(mainPid: number): number {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === mainPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('engine.cjs');
      } catch {
        return false; // gone meanwhile
      }
    });
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

const processExists = (pid: number): boolean => existsSync(`/proc/${pid}`);

export function smokeSuite(name: string, options: SmokeOptions): void {
  describe(name, () => {
    let display: VirtualDisplay;
    let server: GoReflectServer;
    let session: DesktopSession;

    beforeAll(async () => {
      const [launch, xvfb, goReflect] = await Promise.all([options.prepare(), startXvfb(), startGoReflect()]);
      display = xvfb;
      server = goReflect;
      session = await launchDesktop(launch, display.display);
    }, 300_000);
    afterAll(async () => {
      await session?.close();
      await Promise.all([display?.stop(), server?.stop()]);
    });

    test('one window opens, showing the app page from the app scheme', async () => {
      const { app, page } = session;
      await page.getByRole('button', { name: 'Import protos' }).waitFor();
      expect(page.url()).toBe('app://protodesk/index.html');
      expect(await page.title()).toBe('Protodesk');
      const windows = await app.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows().map((window) => ({
          visible: window.isVisible(),
          ...window.getBounds(),
        })),
      );
      expect(windows).toEqual([expect.objectContaining({ visible: true, width: 1280 })]);
    });

    test('the page has the preload bridge and nothing of Node', async () => {
      const { app, page } = session;
      const seen = await page.evaluate(() => {
        const page = globalThis as unknown as Record<string, unknown>;
        const bridge = page.protodesk as Record<string, unknown>;
        const globals = ['require', 'process', 'module', 'Buffer', 'global', '__dirname', 'electron'];
        return {
          keys: Object.keys(bridge).sort(),
          functions: Object.values(bridge).every((value) => typeof value === 'function'),
          nodeGlobals: globals.filter((name) => typeof page[name] !== 'undefined'),
        };
      });
      expect(seen.keys).toEqual(bridgeKeys);
      expect(seen.functions).toBe(true);
      expect(seen.nodeGlobals).toEqual([]);
      const preferences = await app.evaluate(({ BrowserWindow }) => {
        // Electron 9 still has getLastWebPreferences (later versions dropped it; the types follow package.json's).
        const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as {
          getLastWebPreferences(): Record<string, unknown>;
        };
        const prefs = contents.getLastWebPreferences();
        return {
          contextIsolation: prefs.contextIsolation,
          sandbox: prefs.sandbox,
          nodeIntegration: prefs.nodeIntegration,
        };
      });
      expect(preferences).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    });

    test('the engine refuses, through IPC, arguments that do not fit the contract', async () => {
      const answer = await session.page.evaluate(() => {
        const bridge = (
          globalThis as unknown as { protodesk: Record<string, (...args: unknown[]) => unknown> }
        ).protodesk;
        return bridge['files.listDirectory']!('/etc');
      });
      expect(answer).toMatchObject({ ok: false, failure: { kind: 'invalidRequest' } });
    });

    test('the page writes and lists nothing the user did not choose in a native dialog', async () => {
      const answers = await session.page.evaluate(async () => {
        const bridge = (
          globalThis as unknown as { protodesk: Record<string, (...args: unknown[]) => Promise<unknown>> }
        ).protodesk;
        return [
          await bridge['files.write']!({ path: '/tmp/protodesk-unchosen-write.txt', text: 'x' }),
          await bridge['files.listDirectory']!({ path: '/etc' }),
        ];
      });
      expect(answers).toMatchObject([
        { ok: false, failure: { kind: 'forbidden' } },
        { ok: false, failure: { kind: 'forbidden' } },
      ]);
    });

    test('the page runs no inline script, reaches no other origin, cannot navigate away or open windows', async () => {
      const { app, page } = session;
      const outcome = await page.evaluate(async (port) => {
        const page = globalThis as unknown as {
          document: {
            createElement(tag: string): { textContent: string };
            head: { append(node: unknown): void };
          };
          open(url: string): unknown;
          inlineRan?: boolean;
        };
        const script = page.document.createElement('script');
        script.textContent = 'globalThis.inlineRan = true';
        page.document.head.append(script);
        const reached = await fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        );
        return {
          inlineRan: page.inlineRan === true,
          reached,
          popup: page.open('file:///etc/passwd') !== null,
        };
      }, server.port);
      // The CSP allows only the app's own scripts and connections; window.open is denied by the main process.
      expect(outcome).toEqual({ inlineRan: false, reached: false, popup: false });
      // Chromium refuses the file: page and says so in the console; the window stays on the app.
      const refused = page.waitForEvent('console', (message) =>
        message.text().includes('Not allowed to load local resource: file:///etc/passwd'),
      );
      await page.evaluate(() => {
        (globalThis as unknown as { location: { href: string } }).location.href = 'file:///etc/passwd';
      });
      await refused;
      expect(page.url()).toBe('app://protodesk/index.html');
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      // The refusals above are expected to be reported in the console; what follows must be clean.
      session.watch.clear();
    });

    test('a proto folder picked in the native dialogs imports and its methods are listed', async () => {
      const { app, page } = session;
      await answerOpenDialogs(app, [[protoFolder('grpc/testing')], [protoRoot]]);
      await page.getByRole('button', { name: 'Import protos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import protos' });
      await dialog.getByRole('radio', { name: 'Proto folder' }).check();
      const browse = dialog.getByRole('button', { name: 'Browse…' });
      await browse.nth(0).click();
      await untilValue(
        dialog.getByRole('textbox', { name: 'Path', exact: true }),
        protoFolder('grpc/testing'),
      );
      await browse.nth(1).click();
      await untilValue(dialog.getByRole('textbox', { name: 'Import paths' }), protoRoot);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await closedOrFailed(dialog);
      await methodItem(page, 'UnaryCall').waitFor();
      expect(await methodItem(page, 'StreamingOutputCall').innerText()).toContain('server stream');
    });

    test('a unary call to grpc-go round-trips through preload and IPC into the response view', async () => {
      const { page } = session;
      await openMethod(page, 'UnaryCall', 'TestService/UnaryCall');
      await setServerAddress(page, `127.0.0.1:${server.port}`);
      // Monaco's JSON worker (a worker script loaded from the app's own files) marks broken JSON.
      await setRequestJson(page, '{"responseSize": }');
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();
      await setRequestJson(page, '{"responseSize": 4}');
      await send(page);
      await waitForStatus(page, 'OK');
      // grpc-go answers with a payload of 4 zero bytes: base64 "AAAAAA==".
      await responseRegion(page).getByText('"AAAAAA=="').first().waitFor();
      expect(await requestEditor(page).count()).toBe(1);
    });

    test('a server stream arrives message by message', async () => {
      const { page } = session;
      await openMethod(page, 'StreamingOutputCall', 'TestService/StreamingOutputCall');
      await setServerAddress(page, `127.0.0.1:${server.port}`);
      const parameters = Array.from({ length: 100 }, () => ({ size: 8 }));
      await setRequestJson(page, JSON.stringify({ responseParameters: parameters }, null, 2));
      await send(page);
      await waitForStatus(page, 'OK');
      await waitForReceived(page, 100);
      await responseRegion(page).getByRole('grid', { name: 'Messages' }).getByRole('row').nth(1).waitFor();
      if (options.screenshot) await page.screenshot({ path: options.screenshot });
    });

    /** What the googleapis import test measured, for the engine's test after it. */
    let duringImport: PageSamples | undefined;

    test('while googleapis imports in the engine, the main process answers at once', async () => {
      const { app, page } = session;
      await answerOpenDialogs(app, [[googleapisRoot]]);
      const sourceId = await page.evaluate(async () => {
        const bridge = (
          globalThis as unknown as { protodesk: Record<string, (...args: unknown[]) => Promise<unknown>> }
        ).protodesk;
        await bridge['files.choosePaths']!({ purpose: 'protoFolder' });
        const sources = (await bridge['sources.list']!()) as { value: { id: string; status: string }[] };
        return sources.value.find((source) => source.status === 'loaded')!.id;
      });
      const files = await googleapisFiles();
      const mainLoop = await watchMainLoop(app);
      let done = false;
      const pageRun = importWhileStreaming(page, {
        sourceId,
        target: `127.0.0.1:${server.port}`,
        files,
        root: googleapisRoot,
        messages: 20_000, // far longer than the import: the stream is cancelled when the import ends
        intervalMs: 50,
      }).finally(() => (done = true));
      const main = await mainRoundTrips(app, () => done);
      duringImport = await pageRun;
      const { startedAt, importMs, listSources } = duringImport;
      const mainPause = await mainLoop.stop(startedAt, startedAt + importMs);
      console.info(
        `googleapis (${files.length} files) imported in ${Math.round(importMs)} ms; longest pause of main's loop: ` +
          `${mainPause.ms} ms (ending ${mainPause.endedAt} ms into the import); main → window → main round trips: ${main.length}, ` +
          `median ${median(main)} ms, max ${Math.max(...main)} ms; engine listSources: ${listSources.length}, median ` +
          `${Math.round(median(listSources))} ms, max ${Math.round(Math.max(...listSources))} ms; longest gap between ` +
          `stream messages: ${Math.round(longestGap(duringImport.arrivals, importMs))} ms`,
      );
      expect(duringImport.importFailure).toBeUndefined();
      // A main process doing the import pauses for all of it (33 s measured with the engine in main). A free one pauses
      // briefly as the import's 7.7 MB answer passes through (0.3-0.8 s measured on a loaded 2-core machine; the bound
      // leaves room for a machine shared with other work while still far below a blocked one).
      expect(importMs).toBeGreaterThan(3_000);
      expect(mainPause.ms).toBeLessThan(5_000);
    }, 400_000);

    test('while googleapis imports, the engine answers a round trip at once and a server stream keeps arriving', () => {
      if (!duringImport) throw new Error('the googleapis import above did not run');
      const { importMs, listSources, arrivals } = duringImport;
      // A blocked engine answers after the whole import (15-57 s measured); a free one within milliseconds (median
      // 1 ms here), its maxima reaching 1.2 s in CI and 3.3 s on a 2-core machine running eight test suites: the bound
      // separates the two, figures are printed.
      expect(Math.max(...listSources)).toBeLessThan(5_000);
      // One message each 50 ms: a stalled stream leaves a gap as long as the import.
      expect(longestGap(arrivals, importMs)).toBeLessThan(5_000);
    });

    options.extra?.(() => session);

    test('the page had no errors, and the main process none either', async () => {
      expect(await session.watch.problems()).toEqual([]);
      expect(session.mainOutput()).not.toMatch(/Error|Unhandled/);
    });

    test('quitting lets the engine delete its temporary files, then ends its process', async () => {
      const { app, page, tempDir } = session;
      const dropped = await page.evaluate(() => {
        const bridge = (
          globalThis as unknown as { protodesk: Record<string, (...args: unknown[]) => Promise<unknown>> }
        ).protodesk;
        return bridge['sources.addDropped']!({
          files: [{ path: 'dropped.proto', text: 'syntax = "proto3"; message Dropped {}' }],
        });
      });
      expect(dropped).toMatchObject({ ok: true, value: { status: 'loaded' } });
      const engineFiles = async () =>
        (await readdir(tempDir)).filter((name) => name.startsWith('protodesk-'));
      expect(await engineFiles()).toHaveLength(1);
      const engine = enginePid(app.process().pid!);
      await session.close();
      expect(await engineFiles()).toEqual([]);
      expect(processExists(engine)).toBe(false);
    });
  });
}
