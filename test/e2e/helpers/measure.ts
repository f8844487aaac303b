// The UI performance measurements, shared by test/e2e/performance.test.ts (which asserts what the user sees and
// prints the figures) and bench/ui (rounds and medians, judged against the goals). Each runs in a freshly opened tab, so nothing of an earlier response can match.
import type { Page } from 'playwright-core';
import {
  openMethod,
  openTabs,
  responseRegion,
  send,
  setRequestJson,
  setServerAddress,
  waitForReceived,
  waitForStatus,
} from './app';
import { longest, longTasksSince, pageNow } from './longtasks';
import { probeHeap, type HeapSample } from './memory';

/** Closes every open tab ("Close all tabs" in the "Open tabs" menu). */
export async function closeAllTabs(page: Page): Promise<void> {
  if ((await openTabs(page).getByRole('tab').count()) === 0) return;
  await page.getByRole('button', { name: 'Open tabs' }).click();
  await page.getByRole('menuitem', { name: 'Close all tabs' }).click();
  await openTabs(page).getByRole('tab').first().waitFor({ state: 'detached' });
}

/** Opens vectors.VectorService's `method` in a fresh tab aimed at `address`, with `request` as its JSON. */
async function freshVectorsTab(page: Page, method: string, address: string, request: object): Promise<void> {
  await closeAllTabs(page);
  await openMethod(page, method, `VectorService/${method}`);
  await setServerAddress(page, address);
  await setRequestJson(page, JSON.stringify(request));
}

/** How long a big unary response took to become readable, and the longest main-thread task meanwhile. */
export interface BigResponseFigures {
  /** From the click on Send until the response's first JSON lines are in view. */
  readableMs: number;
  /** From the click on Send until the status name shows. */
  statusMs: number;
  longestTaskMs: number;
}

/** GetVectors for `count` vectors (one message of ~60 bytes per vector); needs the long-task recorder. */
export async function measureBigResponse(
  page: Page,
  address: string,
  count: number,
): Promise<BigResponseFigures> {
  await freshVectorsTab(page, 'GetVectors', address, { seed: 42, numberOfVectors: count });
  const since = await pageNow(page);
  const started = performance.now();
  await send(page);
  const status = waitForStatus(page, 'OK', 60_000).then(() => performance.now() - started);
  // The first lines of the pretty JSON: `{`, `"vectors": [`, `{`, `"start": {`.
  await responseRegion(page).getByText('"start"').first().waitFor({ timeout: 60_000 });
  const readableMs = performance.now() - started;
  return { readableMs, statusMs: await status, longestTaskMs: longest(await longTasksSince(page, since)) };
}

/** What a long server stream cost the page. */
export interface StreamFigures {
  received: number;
  ms: number;
  perSecond: number;
  longestTaskMs: number;
  /** Highest used JS heap sampled during the stream. */
  peakHeapBytes: number;
  /** Used JS heap after a forced GC, after the stream minus before it: what the page kept of the messages. */
  retainedGrowthBytes: number;
  /** Heap samples, for judging growth over time. */
  heapSamples: HeapSample[];
}

/** GetVectorStream for `count` vectors, from the click on Send until the counter says all were received. */
export async function measureStream(page: Page, address: string, count: number): Promise<StreamFigures> {
  await freshVectorsTab(page, 'GetVectorStream', address, { seed: 42, numberOfVectors: count });
  const heap = await probeHeap(page);
  const before = await heap.retainedBytes();
  const since = await pageNow(page);
  const stopSampling = heap.sample();
  const started = performance.now();
  await send(page);
  let heapSamples: HeapSample[];
  try {
    await waitForReceived(page, count, 300_000);
  } finally {
    heapSamples = await stopSampling();
  }
  const ms = performance.now() - started;
  await waitForStatus(page, 'OK');
  const after = await heap.retainedBytes();
  return {
    received: count,
    ms,
    perSecond: (count / ms) * 1000,
    longestTaskMs: longest(await longTasksSince(page, since)),
    peakHeapBytes: Math.max(...heapSamples.map((sample) => sample.usedBytes)),
    retainedGrowthBytes: after - before,
    heapSamples,
  };
}
