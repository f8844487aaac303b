// The UI benchmark (BENCH_ONLY=ui): Protodesk's page in headless Chromium, in browser mode (`protodesk serve`), against
// the vectors peer in its own process. Each round measures a 100,000-vector response (time until readable) and a
// 1,000,000-message stream through the UI and through a bare grpc-js client on the same server, back to back.
import { importProtoFolder } from '../../test/e2e/helpers/app';
import { bareVectorStream } from '../../test/e2e/helpers/bare-stream';
import { longTaskRecorder } from '../../test/e2e/helpers/longtasks';
import { measureBigResponse, measureStream } from '../../test/e2e/helpers/measure';
import { mb } from '../../test/e2e/helpers/memory';
import { protoFolder } from '../../test/e2e/helpers/paths';
import { openApp } from '../../test/e2e/helpers/session';
import { spawnVectorsPeer } from '../../test/e2e/helpers/vectors-peer';
import { figure } from '../calls/report';
import { addSummaryRow } from '../summary';
import { median } from '../stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VECTORS = 100_000;
const STREAM_MESSAGES = 1_000_000;

/** One round's figures. */
interface Round {
  readableMs: number;
  responseTaskMs: number;
  uiRate: number;
  bareRate: number;
  streamTaskMs: number;
  peakHeapBytes: number;
}

/** Issue 30's goals for the page. */
const goals = { streamRatio: 0.8, readableMs: 800, longestTaskMs: 50 };

const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');

/** Runs the UI benchmark and prints per-round figures, then medians with the goals. */
export async function uiBench(): Promise<void> {
  const [app, peer] = await Promise.all([openApp({ initScripts: [longTaskRecorder] }), spawnVectorsPeer()]);
  try {
    const { page } = app;
    await importProtoFolder(page, protoFolder('vectors'));
    console.log(
      `ui: ${ROUNDS} rounds in headless Chromium (browser mode) against the grpc-js vectors peer\n`,
    );
    // Untimed warm-up of both sides: Monaco's first load, the JIT of the engine, the page and the bare client.
    await measureBigResponse(page, peer.address, VECTORS);
    await measureStream(page, peer.address, STREAM_MESSAGES / 10);
    await bareVectorStream(peer.address, STREAM_MESSAGES / 10);
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const big = await measureBigResponse(page, peer.address, VECTORS);
      // The side that streams first alternates by round, as in the call benchmark.
      const bareFirst = round % 2 === 0;
      const bare1 = bareFirst ? await bareVectorStream(peer.address, STREAM_MESSAGES) : undefined;
      const ui = await measureStream(page, peer.address, STREAM_MESSAGES);
      const bare = bare1 ?? (await bareVectorStream(peer.address, STREAM_MESSAGES));
      const figures: Round = {
        readableMs: big.readableMs,
        responseTaskMs: big.longestTaskMs,
        uiRate: ui.perSecond,
        bareRate: bare.perSecond,
        streamTaskMs: ui.longestTaskMs,
        peakHeapBytes: ui.peakHeapBytes,
      };
      rounds.push(figures);
      console.log(
        `round ${round}  ${figure(VECTORS)} vectors readable ${figure(big.readableMs)} ms (longest task ${figure(big.longestTaskMs)} ms)` +
          `   stream ${figure(ui.perSecond)} / ${figure(bare.perSecond)} msg/s (UI / bare), peak heap ${mb(ui.peakHeapBytes)}, longest task ${figure(ui.longestTaskMs)} ms`,
      );
    }
    const mid = (pick: (round: Round) => number): number => median(rounds.map(pick));
    const ratio = mid((round) => round.uiRate / round.bareRate);
    const readable = mid((round) => round.readableMs);
    const streamTask = mid((r) => r.streamTaskMs);
    const responseTask = mid((r) => r.responseTaskMs);
    console.log(
      [
        '',
        `${figure(STREAM_MESSAGES)}-message stream   UI ${figure(mid((r) => r.uiRate))} msg/s, bare grpc-js ${figure(mid((r) => r.bareRate))} msg/s` +
          `   ratio ${ratio.toFixed(2)}   goal >= ${goals.streamRatio.toFixed(2)}   ${verdict(ratio >= goals.streamRatio)}`,
        `${figure(VECTORS)} vectors, Send to readable   ${figure(readable)} ms   goal <= ${figure(goals.readableMs)} ms   ${verdict(readable <= goals.readableMs)}`,
        `longest task (medians): response ${figure(responseTask)} ms, stream ${figure(streamTask)} ms   goal <= ${goals.longestTaskMs} ms`,
        `peak JS heap during the stream (median): ${mb(mid((r) => r.peakHeapBytes))}`,
      ].join('\n'),
    );
    const ms = (value: number): string => `${figure(value)} ms`;
    addSummaryRow({
      label: `ui: ${figure(STREAM_MESSAGES)}-message stream to the page ÷ bare grpc-js`,
      engine: `${figure(mid((r) => r.uiRate))} msg/s`,
      bare: `${figure(mid((r) => r.bareRate))} msg/s`,
      ratio,
      goal: { atLeast: goals.streamRatio },
    });
    addSummaryRow({
      label: 'ui: longest page task during that stream (ms)',
      engine: ms(streamTask),
      bare: '—',
      ratio: streamTask,
      goal: { atMost: goals.longestTaskMs },
    });
    addSummaryRow({
      label: `ui: ${figure(VECTORS)} vectors, Send to first JSON readable (ms)`,
      engine: ms(readable),
      bare: '—',
      ratio: readable,
      goal: { atMost: goals.readableMs },
    });
    addSummaryRow({
      label: 'ui: longest page task during that response (ms)',
      engine: ms(responseTask),
      bare: '—',
      ratio: responseTask,
      goal: { atMost: goals.longestTaskMs },
    });
    const problems = await app.watch.problems();
    if (problems.length) console.log(`page problems during the benchmark:\n  ${problems.join('\n  ')}`);
  } finally {
    await Promise.all([app.close(), peer.stop()]);
  }
}
