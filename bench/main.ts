// `npm run bench`: the call benchmark (engine vs bare grpc-js) then the load benchmark (engine vs bare
// @grpc/proto-loader). BENCH_ONLY=calls or BENCH_ONLY=load runs one; BENCH_ROUNDS sets the rounds of each.
import { callBench } from './calls';
import { loadBench, loadWorker } from './load';

const [mode, loader, listFile] = process.argv.slice(2);
const only = process.env.BENCH_ONLY;
if (only !== undefined && only !== 'calls' && only !== 'load')
  throw new Error(`BENCH_ONLY is calls or load, not ${only}`);

if (mode === '--worker' && loader && listFile) await loadWorker(loader, listFile);
else {
  if (only !== 'load') await callBench();
  if (!only) console.log('');
  if (only !== 'calls') await loadBench();
}
