// A load test's sending worker (built as load-worker.js beside the engine's bundle): its own channels, its share of the
// calls, and a LoadRecorder whose deltas go to the main thread about 4 times a second. The same script is the open
// model's clock thread (ticker.ts) when its first message is a TickerPlan.
import { parentPort } from 'node:worker_threads';
import { runTicker } from './ticker';
import { WorkerRun } from './worker-run';
import type { FromWorker, ToWorker } from './protocol';

const port = parentPort;
if (port) {
  let run: WorkerRun | undefined;
  const post = (message: FromWorker): void => port.postMessage(message);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'ticker') runTicker(message, port);
    else if (message.type === 'setup') {
      run = new WorkerRun(message, post);
      run.connect().then(
        () => post({ type: 'ready' }),
        (error: unknown) => post({ type: 'failed', message: (error as Error).message }),
      );
    } else if (message.type === 'start') void run?.start(message.startAtMs);
    else if (message.type === 'renewAuth') run?.renewAuth(message.metadata);
    else run?.stop();
  });
}
