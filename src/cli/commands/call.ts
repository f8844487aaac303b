import type { Command } from 'commander';
import type { CallFlags } from '../call-options';
import type { CallIo } from '../call-run';
import { addAuthFlags } from '../auth-flags';
import { addRequestFlags } from '../request-flags';

const exitCodes = `
Requests: -d takes JSON text, @file, or @- (also @) for stdin. Client- and bidi-streaming calls send several JSON
values (concatenated or one per line), each as soon as it has been read. Without -d, unary and server-streaming
calls send {} and the other kinds send no request.

Exit codes:
  0        the call ended OK
  1        the schema could not be loaded (files, descriptor set, reflection) or another failure
  2        a usage error: bad flags or durations, unreadable -d file, unknown service or method,
           a request that is not valid JSON for its message or is over --max-send-size,
           bad target, metadata or TLS files, auth flags that contradict or lack each other
  3        no credential could be had: the authorization server refused (e.g. a wrong client secret)
           or could not be reached, the token command failed, the JWT could not be signed
  64 + N   the call ended with gRPC status N (grpcurl's convention): 65 CANCELLED (also Ctrl-C),
           66 UNKNOWN (also a grpc-status outside 0-16), 68 DEADLINE_EXCEEDED, 76 UNIMPLEMENTED,
           78 UNAVAILABLE (unreachable, TLS failures)
  141      the reader of stdout went away (| head -1), as for a Unix tool killed by SIGPIPE

Examples:
  protodesk call localhost:50051 grpc.health.v1.Health/Check --plaintext
  protodesk call localhost:50051 my.pkg.Greeter/SayHello --plaintext -d '{"name": "Ada"}' -H 'authorization: Bearer t0k'
  protodesk call api.example.com:443 my.pkg.Chat/Talk --proto chat.proto -I protos -d @- < messages.jsonl
  protodesk call http://localhost:8080 my.pkg.Greeter/SayHello --protocol grpc-web --proto greeter.proto -d '{"name": "Ada"}'
  protodesk call https://api.example.com/rpc my.pkg.Greeter/SayHello --protocol grpc-web-text --protoset greeter.binpb
  protodesk call http://localhost:8080 my.pkg.Chat/Talk --protocol connect --http2 --proto chat.proto -d @- < messages.jsonl
  protodesk call api.example.com:443 my.pkg.Greeter/SayHello --auth-command 'gcloud auth print-access-token'
  protodesk call api.example.com:443 my.pkg.Greeter/SayHello --oauth2-issuer https://tenant.auth0.com/ \
    --oauth2-client-id my-client --oauth2-client-secret env:AUTH0_SECRET --oauth2-audience https://api.example.com

Protocols: --protocol grpc (the default) speaks gRPC over HTTP/2. grpc-web, grpc-web-text and connect speak HTTP/1.1
in plaintext (add --http2 for HTTP/2 with prior knowledge) and let TLS's ALPN choose over TLS; client- and
bidi-streaming calls need HTTP/2. Server reflection always uses gRPC over HTTP/2: for a server that speaks only
gRPC-Web or Connect, give the schema with --proto or --protoset.

Auth: one kind per call (--auth-… or --oauth2-…), sent with reflection and with the call; it replaces a -H entry
of the same name. Secret values may be env:NAME (an environment variable) or @FILE, to keep them out of shell
history and the process list. -v and error messages show {{auth.token}} in place of a secret.
`;

/** `protodesk call <target> <method>`: calls a method with JSON requests and prints the responses as JSON (grpcurl's flags). */
export function registerCall(program: Command, io: CallIo): void {
  addAuthFlags(
    addRequestFlags(
      program
        .command('call')
        .description('call a method: requests in as JSON, responses out as JSON as they arrive')
        .argument(
          '<target>',
          'server address: host:port, [::1]:port, dns:///host:port, unix:///path, grpc://… or http://… (plaintext), grpcs://… or https://… (TLS); http(s):// may end in a path prefix for gRPC-Web and Connect',
        )
        .argument('<method>', 'package.Service/Method (package.Service.Method also works)')
        .option('--emit-defaults', 'print response fields that hold their default value')
        .option(
          '--proto-names',
          'print the .proto field names (page_size) instead of the JSON names (pageSize)',
        )
        .option(
          '--format <json|jsonl>',
          'json: each response pretty-printed; jsonl: one compact line per response',
          'json',
        )
        .option(
          '--format-error',
          'print a failed status as google.rpc.Status JSON in --format instead of the ERROR block',
        )
        .option(
          '-v, --verbose',
          'also print request metadata, response headers, trailers, status, sizes and timings (stderr)',
        ),
    ),
  )
    .addHelpText('after', exitCodes)
    .action(async (target: string, method: string, flags: CallFlags) => {
      // Loaded only when called, so the other commands (and --help, --version) never load grpc-js or the schema engine.
      const { runCall } = await import('../call-run');
      await runCall(target, method, flags, io);
    });
}
