// `npm run bench`: the call benchmark (engine vs bare grpc-js), the load benchmark (engine vs bare
// @grpc/proto-loader), then the UI benchmark (the page in headless Chromium vs bare grpc-js).
// BENCH_ONLY=calls, load or ui runs one; BENCH_ROUNDS sets the rounds of each.
import { callBench } from './calls';
import { loadBench, loadWorker } from './load';
import { uiBench } from './ui';

const [mode, loader, listFile] = process.argv.slice(2);
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== 'calls' && only !== 'load' && only !== 'ui')
  throw new Error(`BENCH_ONLY is calls, load or ui, not ${only}`);

if (mode === '--worker' && loader && listFile) await loadWorker(loader, listFile);
else {
  if (!only || only === 'calls') await callBench();
  if (!only) console.log('');
  if (!only || only === 'load') await loadBench();
  if (!only) console.log('');
  if (!only || only === 'ui') await uiBench();
}
