import type { CallSide } from './side';

/** Sequential EmptyCalls: mean latency per call, in microseconds. */
export async function sequentialLatencyUs(side: CallSide, calls: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < calls; i++) await side.emptyCall();
  return ((performance.now() - start) * 1000) / calls;
}

/** `calls` EmptyCalls with `inFlight` outstanding at any time: calls per second. */
export async function concurrentCallsPerSecond(
  side: CallSide,
  calls: number,
  inFlight: number,
): Promise<number> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) {
      next++;
      await side.emptyCall();
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return calls / ((performance.now() - start) / 1000);
}

/** One server stream of `count` vectors: messages per second; throws if any went missing. */
export async function streamMessagesPerSecond(side: CallSide, count: number): Promise<number> {
  const start = performance.now();
  const received = await side.streamVectors(count);
  const seconds = (performance.now() - start) / 1000;
  if (received !== count)
    throw new Error(`${side.name}: the stream brought ${received} of ${count} messages`);
  return count / seconds;
}

/** One GetVectors of `count` vectors, from the call's start to the response's JSON text: milliseconds. */
export async function vectorsToJsonMs(side: CallSide, count: number): Promise<number> {
  const start = performance.now();
  await side.vectorsJson(count);
  return performance.now() - start;
}
