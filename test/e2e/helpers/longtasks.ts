import type { Page } from 'playwright-core';

/** Init script: records every long task (> 50 ms on the main thread) from the page's first script on. */
export const longTaskRecorder = `
  window.__protodeskLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__protodeskLongTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
`;

/** A long task, in the page's performance.now() time. */
export interface LongTask {
  startMs: number;
  durationMs: number;
}

/** The page's clock (performance.now()), to mark the start of a measured window. */
export const pageNow = (page: Page): Promise<number> => page.evaluate<number>('performance.now()');

/** Long tasks that started at or after `sinceMs` (page time); needs `longTaskRecorder` installed. */
export async function longTasksSince(page: Page, sinceMs: number): Promise<LongTask[]> {
  const all = await page.evaluate<LongTask[]>('window.__protodeskLongTasks || []');
  return all.filter((task) => task.startMs >= sinceMs);
}

/** The longest duration among `tasks`, 0 for none. */
export const longest = (tasks: LongTask[]): number =>
  tasks.reduce((max, task) => Math.max(max, task.durationMs), 0);
