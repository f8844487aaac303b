// `npm run bench`: the call benchmark (engine vs bare grpc-js), the load benchmark (engine vs bare
// @grpc/proto-loader), the UI benchmark (the page in headless Chromium vs bare grpc-js), then the command line's
// start-up (protodesk vs node -e 0 and grpcurl), then the load test (startLoad vs ghz), then gRPC-Web and Connect
// (the engine vs a bare connect-node client), then the mock server (protodesk mock vs a hand-written grpc-js server).
// BENCH_ONLY=calls, load, ui, cli, loadtest, web or mock runs one; BENCH_ROUNDS sets the rounds of each. The end is
// one table of every goal row the parts measured (bench/summary.ts).
import { execFileSync } from 'node:child_process';
import { callBench } from './calls';
import { cliBench } from './cli';
import { loadBench, loadWorker } from './load';
import { loadtestBench } from './loadtest';
import { mockBench } from './mock';
import { summaryTable } from './summary';
import { uiBench } from './ui';
import { webBench } from './web';

const [mode, loader, listFile] = process.argv.slice(2);
const only = process.env.BENCH_ONLY;
if (only !== undefined && !['calls', 'load', 'ui', 'cli', 'loadtest', 'web', 'mock'].includes(only))
  throw new Error(`BENCH_ONLY is calls, load, ui, cli, loadtest, web or mock, not ${only}`);

if (mode === '--worker' && loader && listFile) await loadWorker(loader, listFile);
else {
  if (!only || only === 'calls') await callBench();
  if (!only) console.log('');
  if (!only || only === 'load') await loadBench();
  if (!only) console.log('');
  if (!only || only === 'ui') await uiBench();
  if (!only) console.log('');
  if (!only || only === 'cli') await cliBench();
  if (!only) console.log('');
  if (!only || only === 'loadtest') await loadtestBench();
  if (!only) console.log('');
  if (!only || only === 'web') await webBench();
  if (!only) console.log('');
  if (!only || only === 'mock') await mockBench();
  const summary = summaryTable(measuredCommit());
  if (summary) console.log(`\n${summary}`);
}

/** The commit the figures belong to, with "+changes" when the tree has uncommitted edits. */
function measuredCommit(): string {
  try {
    const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? '+changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
