import { Command, CommanderError } from 'commander';
import { CallSetupError } from '../core/call/errors';
import { ConnectionError } from '../core/connection/errors';
import { SchemaError, formatProblem } from '../core/schema/errors';
import { JsonInputError } from '../core/schema/json/json-errors';
import { CallExit } from './call-exit';
import { registerCall } from './commands/call';
import { registerDescribe } from './commands/describe';
import { registerList } from './commands/list';
import { registerProtoset } from './commands/protoset';
import { registerRun } from './commands/run';
import { registerServe } from './commands/serve';
import { normalizeGrpcurlFlags } from './grpcurl-flags';
import { UsageError } from './usage-error';
import type { CliIo } from './cli-io';

/** Runs `protodesk <args>` and resolves to its exit code: 0 ok, 1 failure, 2 usage error, 64 + status for failed calls. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('protodesk')
    .description('Protodesk: load gRPC schemas from .proto files, descriptor sets or server reflection, and use them.')
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError('(run protodesk <command> --help for the flags)')
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  const line = (write: (text: string) => void) => (text: string) => write(`${text}\n`);
  registerList(program, line(io.out));
  registerDescribe(program, line(io.out));
  registerProtoset(program, line(io.err));
  registerCall(program, io);
  registerServe(program, io);
  registerRun(program, io);
  program.commands.forEach((command) => command.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err }));
  try {
    await program.parseAsync(normalizeGrpcurlFlags(args), { from: 'user' });
    return 0;
  } catch (error) {
    return exitCodeFor(error, io);
  }
}

function exitCodeFor(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander already printed its message; help and version are successes.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof CallExit) return error.exitCode;
  if (error instanceof ConnectionError) {
    // Bad targets, metadata or TLS files: the settings as typed cannot work, and nothing was sent.
    for (const problem of error.problems) io.err(`protodesk: ${problem.message}\n${problem.hint ? `  ${problem.hint}\n` : ''}`);
    return 2;
  }
  if (error instanceof UsageError || error instanceof JsonInputError || error instanceof CallSetupError) {
    io.err(`protodesk: ${error.message}\n`);
    return 2;
  }
  if (error instanceof SchemaError) {
    // As for connection problems: the hint on its own indented line, so a message is never run into its hint.
    for (const problem of error.problems) io.err(`protodesk: ${formatProblem(problem)}\n`);
    return 1;
  }
  io.err(`protodesk: ${(error as Error).message ?? String(error)}\n`);
  return 1;
}

declare const __PROTODESK_VERSION__: string | undefined;
// The build injects the package version; tests run from source, where it is absent.
const VERSION = typeof __PROTODESK_VERSION__ === 'string' ? __PROTODESK_VERSION__ : '0.0.0-dev';
