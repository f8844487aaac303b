import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { median } from './stats';

/**
 * The floor for the fixed-rate figures: a bare grpc-js client on this thread (the channel's own call, as the load
 * workers use) making EmptyCalls at about `rate` a second, each timed from its actual start (so a late timer costs it
 * nothing). Answers p50 and p99 in ms.
 */
export async function bareGrpcJsAtRate(
  address: string,
  rate: number,
  seconds: number,
): Promise<{ p50: number; p99: number }> {
  const client = new Client(address, credentials.createInsecure());
  const channel = client.getChannel();
  const latencies: number[] = [];
  const call = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      const raw = channel.createCall(
        '/grpc.testing.TestService/EmptyCall',
        Infinity,
        undefined,
        null,
        undefined,
      );
      raw.start(new Metadata(), {
        onReceiveMetadata: () => undefined,
        onReceiveMessage: () => raw.startRead(),
        onReceiveStatus: () => {
          latencies.push(performance.now() - started);
          resolve();
        },
      });
      raw.sendMessageWithContext({}, Buffer.alloc(0));
      raw.halfClose();
      raw.startRead();
    });
  const calls: Promise<void>[] = [];
  const end = performance.now() + seconds * 1000;
  let due = performance.now();
  while (due < end) {
    // Catch up after a late timer: every call due by now starts.
    while (due <= performance.now()) {
      calls.push(call());
      due += 1000 / rate;
    }
    await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
  }
  await Promise.all(calls);
  client.close();
  latencies.sort((a, b) => a - b);
  return { p50: median(latencies), p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN };
}
