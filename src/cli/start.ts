import { proxyEnvironment } from '../core/service/entry/process';
import { endOnOutputError, exitAfterOutput } from './process-output';
import { runCli } from './run';

// grpc-js reads only the lower-case proxy variables; people set HTTPS_PROXY and NO_PROXY as curl reads them.
proxyEnvironment();
endOnOutputError(process.stdout, process.stderr);

// Ctrl-C exits at once (130, as shells report SIGINT), unless a running call has taken it over to cancel itself;
// a second Ctrl-C then exits anyway.
let onInterrupt: (() => void) | undefined;
process.on('SIGINT', () => {
  const handler = onInterrupt;
  onInterrupt = undefined;
  if (handler) handler();
  else process.exit(130);
});

// Wire the command line to the real process.
const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  outDrained: () => new Promise((resolve) => process.stdout.once('drain', resolve)),
  err: (text) => process.stderr.write(text),
  stdin: () => process.stdin,
  errIsTerminal: process.stderr.isTTY === true,
  ...(process.stdout.isTTY && process.stdout.columns > 0 ? { outColumns: process.stdout.columns } : {}),
  trapInterrupt: (handler) => {
    onInterrupt = handler;
    return () => {
      if (onInterrupt === handler) onInterrupt = undefined;
    };
  },
});
exitAfterOutput(code);
