import { runCli } from './run';

// The `protodesk` executable: wire the command line to the real process.
const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
