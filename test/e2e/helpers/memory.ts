import type { CDPSession, Page } from 'playwright-core';

/** One reading of the page's JavaScript heap. */
export interface HeapSample {
  atMs: number;
  usedBytes: number;
}

/** Reads a page's used JS heap through CDP (Performance.getMetrics, JSHeapUsedSize). */
export interface HeapProbe {
  /** Forces a garbage collection and reads the heap that survives it. */
  retainedBytes(): Promise<number>;
  /** Starts sampling every `intervalMs`; the returned function stops and resolves with every sample taken. */
  sample(intervalMs?: number): () => Promise<HeapSample[]>;
}

async function usedHeap(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

/** Attaches a heap probe to `page`. */
export async function probeHeap(page: Page): Promise<HeapProbe> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    retainedBytes: async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return usedHeap(cdp);
    },
    sample: (intervalMs = 250) => {
      const samples: HeapSample[] = [];
      const started = performance.now();
      let running = true;
      // One request at a time: a busy renderer answers late, and queued requests would pile up.
      const loop = (async () => {
        while (running) {
          samples.push({ atMs: performance.now() - started, usedBytes: await usedHeap(cdp) });
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
      })();
      return async () => {
        running = false;
        await loop;
        return samples;
      };
    },
  };
}

/** Megabytes, for printing. */
export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
