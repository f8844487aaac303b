import type { Command } from 'commander';
import { callProtocols } from '../shared/call';
import { addSchemaFlags } from './schema-options';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/**
 * Adds what `call` and `load` share (see RequestFlags): the request data, call metadata, deadline, sizes, compression,
 * authority, user agent, keepalive and wire protocol, then the schema, TLS and metadata flags.
 */
export function addRequestFlags(command: Command): Command {
  return addSchemaFlags(
    command
      .option('-d, --data <json|@file|@->', 'the request(s) as JSON, @file, or @- for stdin')
      .option(
        '--rpc-header <"key: value">',
        'metadata sent only with the call, not with reflection (repeatable)',
        collect,
        [],
      )
      .option('--deadline <duration>', 'fail with DEADLINE_EXCEEDED after this long: 200ms, 5s, 1.5s, 1m')
      .option('--max-time <seconds>', "the deadline in seconds (grpcurl's -max-time)")
      .option(
        '--max-msg-sz <bytes>',
        'largest response accepted, in bytes (default 64 MiB; grpc-js alone allows 4 MiB)',
      )
      .option(
        '--max-send-size <bytes>',
        'largest request sent, in bytes (default 64 MiB); a larger one fails before anything is sent',
      )
      .option('--gzip', 'compress requests with gzip')
      .option('--authority <name>', 'the :authority header to send')
      .option('--user-agent <text>', 'prepended to the user agent')
      .option('--keepalive-time <seconds>', 'send HTTP/2 keepalive pings this often')
      .option(
        '--protocol <name>',
        `wire protocol: ${callProtocols.join(', ')} (default grpc); grpc-web and connect work over HTTP/1.1 and HTTP/2`,
      )
      .option(
        '--http2',
        'grpc-web, grpc-web-text and connect in plaintext: HTTP/2 with prior knowledge (h2c) instead of HTTP/1.1',
      ),
  );
}
