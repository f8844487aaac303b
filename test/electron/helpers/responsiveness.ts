// What the smoke suite measures while the engine loads googleapis: the main process's own round trips (main → window
// → main, answered without the engine), and from the page, round trips to the engine and a server stream's arrivals.
import { relative } from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { googleapisRoot } from '../../../bench/googleapis';
import { findProtoFiles } from '../../../src/core/schema/proto-folder';

/** The googleapis tree without protobuf's own sources (as test/integration/googleapis.test.ts loads it). */
export async function googleapisFiles(): Promise<string[]> {
  const files = await findProtoFiles(googleapisRoot);
  return files.filter((file) => !relative(googleapisRoot, file).startsWith('google/protobuf/'));
}

/** What the page saw while the import ran (times in ms from the import's start). */
export interface PageSamples {
  /** The import's start, by the clock (Date.now), to line up with main's timer. */
  startedAt: number;
  importMs: number;
  /** Why the import failed, in the engine's words; undefined when it loaded. */
  importFailure: string | undefined;
  /** How long each listSources took, asked one after another during the import. */
  listSources: number[];
  /** When each message of the running server stream arrived. */
  arrivals: number[];
}

/**
 * In the page, over the preload bridge: starts a server stream of `messages` (one each `intervalMs`) on `sourceId`, then
 * imports `files`, asking listSources again and again until the import answers; cancels the stream at the end.
 */
export function importWhileStreaming(
  page: Page,
  input: {
    sourceId: string;
    target: string;
    files: string[];
    root: string;
    messages: number;
    intervalMs: number;
  },
): Promise<PageSamples> {
  return page.evaluate(async ({ sourceId, target, files, root, messages, intervalMs }) => {
    type Batch = { callId: string; seq: number; entries: { type: string; jsonLengths?: number[] }[] };
    const bridge = (
      globalThis as unknown as { protodesk: Record<string, (...args: unknown[]) => Promise<unknown>> }
    ).protodesk as unknown as {
      onEvent(listener: (event: { type: string; batch?: Batch }) => void): () => void;
      'calls.start'(input: unknown): Promise<{ ok: boolean; value: { callId: string } }>;
      [op: string]: (...args: never[]) => unknown;
    };
    const call = (op: string, input?: unknown) =>
      (bridge[op] as unknown as (input: unknown) => Promise<{ ok: boolean; value?: unknown }>)(input);
    const seen: { callId: string; at: number; messages: number }[] = [];
    const stop = bridge.onEvent((event) => {
      const batch = event.batch;
      if (event.type !== 'call' || !batch) return;
      seen.push({
        callId: batch.callId,
        at: performance.now(),
        // Received messages come as runs of columns (MessageRun): one length per message.
        messages: batch.entries.reduce(
          (count, e) => count + (e.type === 'messages' ? (e.jsonLengths ?? []).length : 0),
          0,
        ),
      });
      void call('calls.acknowledge', { callId: batch.callId, seq: batch.seq });
    });
    const parameters = Array.from({ length: messages }, () => ({ size: 8, intervalUs: intervalMs * 1000 }));
    const started = await bridge['calls.start']({
      sourceId,
      request: {
        target,
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/StreamingOutputCall',
        metadata: [],
        requests: [JSON.stringify({ responseParameters: parameters })],
      },
    });
    const { callId } = started.value;
    // The stream is under way before the import starts.
    while (!seen.some((entry) => entry.callId === callId && entry.messages > 0)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startedAt = Date.now();
    const start = performance.now();
    let done = false;
    const imported = call('sources.add', {
      source: { kind: 'protoFiles', files, importPaths: [root] },
    }).finally(() => (done = true));
    const listSources: number[] = [];
    while (!done) {
      const asked = performance.now();
      await call('sources.list');
      listSources.push(performance.now() - asked);
    }
    const result = await imported;
    const importMs = performance.now() - start;
    await call('calls.cancel', { callId });
    stop();
    const source = result.value as { id?: string } | undefined;
    if (source?.id) await call('sources.remove', { sourceId: source.id });
    const arrivals = seen
      .filter((entry) => entry.callId === callId)
      .flatMap((entry) => Array.from({ length: entry.messages }, () => entry.at - start));
    const failure = (result as { failure?: { message: string } }).failure;
    return {
      startedAt,
      importMs,
      importFailure: result.ok ? undefined : failure?.message,
      listSources,
      arrivals,
    };
  }, input);
}

/** Round trips main → window → main (webContents.executeJavaScript), one after another until `done()`; each in ms. */
export async function mainRoundTrips(app: ElectronApplication, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) {
    const asked = Date.now();
    await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()[0]!.webContents.executeJavaScript('1'),
    );
    times.push(Date.now() - asked);
  }
  return times;
}

/** The longest pause of main's loop: how long (ms), and when it ended (ms after the span's start). */
export interface MainPause {
  ms: number;
  endedAt: number;
}

/**
 * Starts a 10 ms timer in the main process; `stop()` answers the longest time between two of its ticks from `from` to
 * `to` (Date.now times). A main process busy with something for a second shows a gap of a second.
 */
export async function watchMainLoop(
  app: ElectronApplication,
): Promise<{ stop(from: number, to: number): Promise<MainPause> }> {
  await app.evaluate(() => {
    const ticks: number[] = [Date.now()];
    const timer = setInterval(() => ticks.push(Date.now()), 10);
    (globalThis as { mainLoop?: unknown }).mainLoop = { ticks, stop: () => clearInterval(timer) };
  });
  return {
    stop: async (from, to) => {
      const ticks = await app.evaluate(() => {
        const watch = (globalThis as { mainLoop?: { ticks: number[]; stop(): void } }).mainLoop!;
        watch.stop();
        return watch.ticks;
      });
      // Each gap that overlaps the span counts, so one that began before the import and ended inside it is not missed.
      let longest: MainPause = { ms: 0, endedAt: 0 };
      ticks.forEach((tick, index) => {
        const previous = ticks[index - 1];
        if (previous === undefined || tick < from || previous > to || tick - previous <= longest.ms) return;
        longest = { ms: tick - previous, endedAt: tick - from };
      });
      return longest;
    },
  };
}

/** The largest gap in ms between consecutive times within [0, end], counting from 0 and up to `end`. */
export function longestGap(times: number[], end: number): number {
  const inside = [0, ...times.filter((time) => time >= 0 && time <= end).sort((a, b) => a - b), end];
  return Math.max(...inside.slice(1).map((time, index) => time - inside[index]!));
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
