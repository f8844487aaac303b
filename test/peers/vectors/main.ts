// The vectors peer as its own process (the benchmark's server): prints its port, then serves until its stdin
// closes (so it never outlives the process that started it) or it gets SIGTERM.
import { startVectorsServer } from './server';

const server = await startVectorsServer(Number(process.argv[2] ?? 0));
process.stdout.write(`${server.port}\n`);
const stop = (): void => void server.stop().then(() => process.exit(0));
process.stdin.on('end', stop).resume();
process.once('SIGTERM', stop);
