import type { MockFallback } from '../../shared/mock';
import type { SchemaSource, TlsSettings } from '../../shared/schema';
import { schemaSourceFromFlags, tlsFromFlags, type SchemaFlags } from '../schema-options';
import type { AuthFlags } from '../auth-flags';
import { UsageError } from '../usage-error';

/** The flags of `protodesk mock` as commander parses them. */
export interface MockFlags extends SchemaFlags, AuthFlags {
  workspace?: string;
  stubs?: string;
  port: string;
  address: string;
  tlsCert?: string;
  tlsKey?: string;
  clientCa?: string;
  fallback: MockFallback;
  record?: boolean;
  upstream?: string;
  log?: string;
  verbose?: boolean;
}

/** What the flags ask for, checked: where the schema comes from, where stubs are, how to serve. */
export interface MockPlan {
  schema: { kind: 'workspace'; folder: string } | { kind: 'source'; source: SchemaSource };
  stubsDir?: string;
  host: string;
  port: number;
  tls?: { certFile: string; keyFile: string; clientCaFile?: string };
  fallback: MockFallback;
  record?: { upstream: string; tls: TlsSettings };
  log?: string;
  verbose: boolean;
}

/** Checks the flags' combinations; throws UsageError saying what to change. */
export function mockPlan(target: string | undefined, flags: MockFlags): MockPlan {
  if (flags.upstream !== undefined && !flags.record) {
    throw new UsageError(
      '--upstream names the server to record, but --record is not set.',
      'Add --record to pass calls to the upstream and save its answers as stubs.',
    );
  }
  if (flags.record && flags.upstream === undefined) {
    throw new UsageError(
      '--record needs the server to record: --upstream HOST:PORT.',
      'Add --upstream with the address of the real server (its TLS flags are those of protodesk call).',
    );
  }
  const record =
    flags.record && flags.upstream !== undefined
      ? { upstream: flags.upstream, tls: tlsFromFlags(flags) }
      : undefined;
  const stubsDir = flags.stubs;
  const plan: MockPlan = {
    schema: schemaOf(target, flags),
    host: flags.address,
    port: parsePort(flags.port),
    fallback: flags.fallback,
    verbose: flags.verbose === true,
    ...(stubsDir !== undefined ? { stubsDir } : {}),
    ...(record ? { record } : {}),
    ...(flags.log !== undefined ? { log: flags.log } : {}),
  };
  const tls = serverTls(flags);
  if (tls) plan.tls = tls;
  if (record && stubsDir === undefined && plan.schema.kind !== 'workspace') {
    throw new UsageError(
      '--record writes what it sees as stubs, but no stubs folder is given.',
      'Add --stubs DIR (or --workspace DIR, whose mocks/ folder is used).',
    );
  }
  return plan;
}

/** The schema: a workspace's sources, the files given, reflection from the address given, or else from the upstream. */
function schemaOf(target: string | undefined, flags: MockFlags): MockPlan['schema'] {
  if (flags.workspace !== undefined) {
    if (target !== undefined || flags.proto.length > 0 || flags.protoset !== undefined || flags.reflect) {
      throw new UsageError(
        '--workspace brings its own schema sources; it cannot be combined with --proto, --protoset or a reflection address.',
        'Drop --workspace to serve the schema given by the other flags, or drop those flags.',
      );
    }
    return { kind: 'workspace', folder: flags.workspace };
  }
  const fromFiles = flags.proto.length > 0 || flags.protoset !== undefined;
  if (fromFiles && target !== undefined) {
    throw new UsageError(
      `The schema is given twice: by ${flags.protoset !== undefined ? '--protoset' : '--proto'} and by the reflection address ${target}.`,
      'Give one of them.',
    );
  }
  if (!fromFiles && target === undefined && flags.upstream === undefined) {
    throw new UsageError(
      'No schema given: the mock serves the methods of a schema.',
      'Pass --proto FILE (with -I DIR), --protoset FILE, --workspace DIR, or a server address to read the schema by reflection.',
    );
  }
  return { kind: 'source', source: schemaSourceFromFlags(flags, target ?? flags.upstream) };
}

function serverTls(flags: MockFlags): MockPlan['tls'] {
  if (flags.tlsCert === undefined && flags.tlsKey === undefined) {
    if (flags.clientCa !== undefined) {
      throw new UsageError(
        '--client-ca asks clients for certificates, which needs TLS.',
        'Add --tls-cert FILE and --tls-key FILE (the mock’s own certificate and key).',
      );
    }
    return undefined;
  }
  if (flags.tlsCert === undefined || flags.tlsKey === undefined) {
    throw new UsageError(
      `Serving TLS needs both --tls-cert and --tls-key; ${flags.tlsCert === undefined ? '--tls-cert' : '--tls-key'} is missing.`,
      'Give the PEM certificate and its private key.',
    );
  }
  return {
    certFile: flags.tlsCert,
    keyFile: flags.tlsKey,
    ...(flags.clientCa !== undefined ? { clientCaFile: flags.clientCa } : {}),
  };
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) {
    throw new UsageError(`--port takes a number from 0 to 65535, not "${text}".`, '0 picks a free port.');
  }
  return port;
}
