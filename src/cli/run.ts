import { Command, CommanderError } from 'commander';
import { registerCall } from './commands/call';
import { registerDescribe } from './commands/describe';
import { registerList } from './commands/list';
import { registerLoad } from './commands/load';
import { registerMock } from './commands/mock';
import { registerProtoset } from './commands/protoset';
import { registerRun } from './commands/run';
import { registerServe } from './commands/serve';
import { normalizeGrpcurlFlags } from './grpcurl-flags';
import type { CliIo } from './cli-io';
import { VERSION } from './version';

/** Runs `protodesk <args>` and resolves to its exit code: 0 ok, 1 failure, 2 usage error, 3 no credential, 64 + status for failed calls. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('protodesk')
    .description(
      'Protodesk: load gRPC schemas from .proto files, descriptor sets or server reflection, and use them.',
    )
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError('(run protodesk <command> --help for the flags)')
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const line = (write: (text: string) => void) => (text: string) => write(`${text}\n`);
  registerList(program, line(io.out), io.err);
  registerDescribe(program, line(io.out), io.err);
  registerProtoset(program, line(io.err), io.err);
  registerCall(program, io);
  registerServe(program, io);
  registerRun(program, io);
  registerLoad(program, io);
  registerMock(program, io);
  program.commands.forEach((command) =>
    command.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }),
  );
  try {
    await program.parseAsync(normalizeGrpcurlFlags(args), { from: 'user' });
    return 0;
  } catch (error) {
    // Help and version end here too; Commander has printed them, or its usage message, already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    // Loaded only when a command fails: starting a command needs none of the engine's error classes.
    const { exitCodeFor } = await import('./exit-code');
    return exitCodeFor(error, io.err);
  }
}
