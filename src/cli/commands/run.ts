import { Option, type Command } from 'commander';
import { defaultRunDeadlineMs } from '../../shared/call';
import { reporters } from '../run-report/format';
import type { CliIo } from '../cli-io';
import type { RunFlags } from './run-action';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

const help = `
Order: collections by name, then inside each by folder path and name, in natural order ("2 x" before "10 x").
Values captured by a request are variables of the requests after it (over the environment's and --var's).
Each request must end with status OK unless it asserts another status. A request that cannot run (unresolved
variable, no source has its method, bad TLS profile, unreachable server, its file or protodesk.json does not
parse) fails, and the run goes on. A run only reads the workspace: it never creates, moves or rewrites a file.

Output: the pretty progress (one line per request as it finishes, then a summary) goes to stdout with
--reporter pretty, to stderr with json and junit, whose report goes to stdout. --output FILE writes the report
to FILE instead (its folder is created); the progress is printed all the same.

--mock starts the workspace's mock on 127.0.0.1 first (as protodesk mock --workspace does, with the sample
fallback), sends every request to it in plaintext, whatever its own target and TLS profile, and stops it at the end.

Secret variables are read from the secrets file in the data folder ($PROTODESK_DATA_DIR, else the platform's
app data folder); in CI, pass them with --var NAME=VALUE.

Exit codes:
  0  every request ran and every assertion held
  1  a request failed an assertion or could not run
  2  a usage error: no such workspace, collection or environment, or bad flags

Examples:
  protodesk run ./api-workspace --env staging
  protodesk run ./api-workspace --mock --reporter junit --output reports/client-vs-mock.xml
  protodesk run . --collection smoke --env ci --var token=$API_TOKEN --reporter junit --output reports/protodesk.xml
`;

/** `protodesk run <workspace>`: runs the saved requests of a workspace with their captures and assertions, for CI. */
export function registerRun(program: Command, io: CliIo): void {
  program
    .command('run')
    .description('run the saved requests of a workspace in order and check their assertions (for CI)')
    .argument('<workspace>', 'the workspace folder (the one holding protodesk.json)')
    .option('--collection <name>', 'run only this collection')
    .option('--env <name>', 'the environment whose variables fill {{name}}')
    .addOption(new Option('--reporter <name>', 'report format').choices(reporters).default('pretty'))
    .option('--output <file>', 'write the report to this file instead of stdout')
    .option('--var <name=value>', "a variable for this run, over the environment's (repeatable)", collect, [])
    .option(
      '--mock',
      "run against the workspace's own mock (its sources, the stubs in mocks/) on a free port, instead of each request's server",
    )
    .option(
      '--deadline <duration>',
      `deadline of requests that set none: 200ms, 5s, 1m (default ${defaultRunDeadlineMs / 1000}s)`,
    )
    .addHelpText('after', help)
    .action(async (workspace: string, flags: RunFlags) => {
      // Loaded only when run: the runner brings the whole engine (grpc-js, the schema compiler).
      const { runCommand } = await import('./run-action');
      await runCommand(workspace, flags, io);
    });
}
