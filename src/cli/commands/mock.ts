import { Option, type Command } from 'commander';
import type { CliIo } from '../cli-io';
import type { MockFlags } from '../mock/mock-flags';
import { addAuthFlags } from '../auth-flags';
import { addSchemaFlags } from '../schema-options';

const help = `
Output: the first line on stdout names what is served, for scripts to read:
  Mock serving 4 methods of 1 service on 127.0.0.1:50123 (gRPC, gRPC-Web, Connect)
(with "; TLS" or "; mTLS" before the closing parenthesis when serving TLS). Problems in stub files go to stderr
as file:line:column: message, the hint below, when the mock starts and whenever a stub file changes; --verbose adds
one line per call. SIGINT (Ctrl-C) and SIGTERM stop it: calls in flight get a second to finish, then exit 0.

Stubs: one JSON file per method, <stubs>/<package.Service>/<Method>.json (docs/workspace-format.md). A call that no
rule matches gets --fallback: a minimal sample response (sample), one with every field set (full), or UNIMPLEMENTED.

Record: --record --upstream ADDR passes every call to the real server and back, and adds one rule per distinct
request to the stub files. The upstream uses TLS unless --plaintext; --cacert, --cert, --key, --servername and
--insecure are as for protodesk call, and so are the auth flags, which give every passed call (and the reflection
that reads the upstream's schema) a credential of the mock's own. Without other schema flags the schema is read from the upstream by reflection.

Exit codes:
  0  stopped by SIGINT or SIGTERM
  1  the schema could not be loaded
  2  a usage error: bad flags, a port in use, unreadable TLS files, no such workspace

Examples:
  protodesk mock --proto zoo.proto -I protos --stubs mocks
  protodesk mock --workspace ./api-workspace --port 50051
  protodesk mock --protoset api.binpb --tls-cert server.pem --tls-key server.key --fallback unimplemented
  protodesk mock --record --upstream staging.example.com:443 --stubs mocks --log calls.jsonl
`;

/** `protodesk mock [target]`: serves a schema's methods with stubs (or records a real server into stubs). */
export function registerMock(program: Command, io: CliIo): void {
  addAuthFlags(
    addSchemaFlags(
      program
        .command('mock')
        .description(
          'serve a schema as a gRPC, gRPC-Web and Connect server answering from stub files (or record one)',
        )
        .argument(
          '[target]',
          'a server to read the schema from by reflection (instead of --proto or --protoset)',
        )
        .option(
          '--workspace <dir>',
          'serve the workspace: the schema of its sources and the stubs in its mocks/',
        )
        .option('--stubs <dir>', 'the folder of stub files (default with --workspace: its mocks/ folder)')
        .option('--port <number>', 'the port to listen on; 0 picks a free one', '0')
        .option(
          '--address <host>',
          'the address to listen on (other than 127.0.0.1: reachable from other machines)',
          '127.0.0.1',
        )
        .option('--tls-cert <file>', 'serve TLS with this PEM certificate (with --tls-key)')
        .option('--tls-key <file>', 'the PEM private key of --tls-cert')
        .option('--client-ca <file>', 'require client certificates signed by this PEM CA (mutual TLS)')
        .addOption(
          new Option('--fallback <kind>', 'what a call no rule matches gets')
            .choices(['sample', 'full', 'unimplemented'])
            .default('sample'),
        )
        .option('--record', 'pass calls to --upstream and save its answers as stubs')
        .option(
          '--upstream <address>',
          'the real server --record passes calls to (host:port, grpcs://host:port)',
        )
        .option('--log <file>', 'append each call as one JSON line (credentials redacted)')
        .option('-v, --verbose', 'print one line per call on stderr'),
    ),
  )
    .addHelpText('after', help)
    .action(async (target: string | undefined, flags: MockFlags) => {
      // Loaded only when run: the mock brings the schema engine, grpc-js and the HTTP servers.
      const { runMock } = await import('../mock/mock-run');
      await runMock(target, flags, io);
    });
}
