import type { Command } from 'commander';
import type { MetadataEntry, SchemaSource, TlsSettings } from '../shared/schema';
import { parseSeconds } from './duration';
import { UsageError } from './usage-error';

/** The schema and connection flags every schema command shares (named as grpcurl names them). */
export interface SchemaFlags {
  proto: string[];
  importPath: string[];
  protoset?: string;
  reflect?: boolean;
  plaintext?: boolean;
  insecure?: boolean;
  cacert?: string[];
  cert?: string;
  key?: string;
  servername?: string;
  header: string[];
  reflectHeader: string[];
  connectTimeout?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Adds the schema source, TLS and metadata flags to a command. */
export function addSchemaFlags(command: Command): Command {
  return command
    .option(
      '--proto <file>',
      'a .proto file to load (repeatable); imports are found through --import-path',
      collect,
      [],
    )
    .option('-I, --import-path <dir>', 'a folder imports are resolved from (repeatable)', collect, [])
    .option('--protoset <file>', 'a binary FileDescriptorSet (protoc --descriptor_set_out, buf build -o)')
    .option(
      '--reflect',
      'ask the server (server reflection); the default when no --proto or --protoset is given',
    )
    .option('--plaintext', 'connect without TLS')
    .option('--insecure', 'TLS without verifying the server certificate')
    .option('--cacert <file>', 'PEM file of a CA to trust (repeatable)', collect, [])
    .option('--cert <file>', 'PEM client certificate, for mutual TLS')
    .option('--key <file>', 'PEM client private key, for mutual TLS')
    .option(
      '--servername <name>',
      'name to verify the server certificate against (and the default :authority)',
    )
    .option(
      '-H, --header <"key: value">',
      'metadata sent with reflection and calls (repeatable)',
      collect,
      [],
    )
    .option(
      '--reflect-header <"key: value">',
      'metadata sent only with reflection requests (repeatable)',
      collect,
      [],
    )
    .option('--connect-timeout <seconds>', 'how long connecting, and reflection, may take, in seconds', '10');
}

/** Turns the flags (and the target, when reflecting) into a schema source; throws UsageError on contradictions. */
export function schemaSourceFromFlags(flags: SchemaFlags, target: string | undefined): SchemaSource {
  const fromFiles = flags.proto.length > 0;
  if (fromFiles && flags.protoset) throw new UsageError('Use either --proto or --protoset, not both.');
  if (flags.reflect && (fromFiles || flags.protoset)) {
    throw new UsageError(
      '--reflect asks the server for the schema; drop --proto/--protoset, or drop --reflect.',
    );
  }
  if (fromFiles) return { kind: 'protoFiles', files: flags.proto, importPaths: flags.importPath };
  if (flags.protoset) return { kind: 'descriptorSet', file: flags.protoset };
  if (!target) {
    throw new UsageError(
      'No schema given: pass a server address to use server reflection, or --proto FILE / --protoset FILE.',
    );
  }
  return {
    kind: 'reflection',
    target,
    tls: tlsFromFlags(flags),
    metadata: [...flags.header, ...flags.reflectHeader].map(parseHeader),
    ...connectTimeout(flags),
  };
}

/** --connect-timeout in milliseconds: how long reflection may take, and a call may wait for its connection. */
export function connectTimeout(flags: SchemaFlags): { timeoutMs?: number } {
  return flags.connectTimeout === undefined
    ? {}
    : { timeoutMs: parseSeconds(flags.connectTimeout, '--connect-timeout') };
}

/** The TLS settings the flags describe (TLS with system roots unless --plaintext). */
export function tlsFromFlags(flags: SchemaFlags): TlsSettings {
  if (flags.plaintext) {
    if (flags.insecure || flags.cacert?.length || flags.cert || flags.key || flags.servername) {
      throw new UsageError(
        '--plaintext turns TLS off; it cannot be combined with --insecure, --cacert, --cert, --key or --servername.',
      );
    }
    return { mode: 'plaintext' };
  }
  if (Boolean(flags.cert) !== Boolean(flags.key))
    throw new UsageError('Mutual TLS needs both --cert and --key.');
  return {
    mode: 'tls',
    caFiles: flags.cacert ?? [],
    ...(flags.cert ? { certFile: flags.cert } : {}),
    ...(flags.key ? { keyFile: flags.key } : {}),
    ...(flags.servername ? { serverName: flags.servername } : {}),
    ...(flags.insecure ? { insecure: true } : {}),
  };
}

/** Parses `key: value` (grpcurl's -H form). */
export function parseHeader(header: string): MetadataEntry {
  const colon = header.indexOf(':');
  if (colon <= 0) throw new UsageError(`Header "${header}" must look like "key: value".`);
  return { key: header.slice(0, colon).trim().toLowerCase(), value: header.slice(colon + 1).trim() };
}
