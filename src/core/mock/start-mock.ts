import type { TlsSettings } from '../../shared/schema';
import type { MockFallback, MockLogEntry, MockProblem, MockProtocol } from '../../shared/mock';
import type { Schema } from '../schema/schema';
import { loggedCall } from './call-log';
import type { MockHandler } from './handler';
import { createRecordHandler } from './record/record-handler';
import type { RecordUpstream } from './record/upstream-client';
import { readServerTls, type ServerTlsFiles } from './server-tls-files';
import { builtinServiceNames } from './server/builtin-services';
import { ListenError } from './server/listener';
import { startMockServer } from './server/mock-server';
import { createStubHandler } from './stubs';

/** Everything a front door (the CLI, the app) says about a mock to start. */
export interface StartMockOptions {
  schema: Schema;
  /** The folder of stub files (`<pkg.Service>/<Method>.json`); absent: every call gets the fallback. */
  stubsDir?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Serve TLS with this certificate and key (PEM files); with `clientCaFile`, clients must present a certificate it signed. */
  tls?: ServerTlsFiles;
  /** What a call no rule matches gets. */
  fallback: MockFallback;
  /** Record mode: pass every call to `upstream` and write what it answered into `stubsDir` as rules. */
  record?: { upstream: string; tls?: TlsSettings; credentials?: RecordUpstream['credentials'] };
  /** Called once per call, as it ends. */
  onCall?: (entry: MockLogEntry) => void;
  /** Called with every problem of the stubs whenever they change (a reload, a file recording cannot write). */
  onProblems?: (problems: MockProblem[]) => void;
}

/** The server could not start: the address or port cannot be bound, or the TLS files do not fit together. */
export class MockStartError extends Error {
  override name = 'MockStartError';
  /** What to change, when the server said (a port in use, an address this machine lacks). */
  readonly hint: string | undefined;

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.hint = cause instanceof ListenError ? cause.hint : undefined;
  }
}

/** A mock that is serving. */
export interface RunningMock {
  /** `host:port`, as clients dial it (IPv6 hosts in brackets). */
  address: string;
  host: string;
  port: number;
  protocols: MockProtocol[];
  /** The methods served: every method of every service in the schema. */
  methodCount: number;
  serviceCount: number;
  /** The schema's services it answers from stubs (or the upstream): all but reflection and health. */
  services: string[];
  /** The upstream in record mode (host:port). */
  upstream?: string;
  /** The stubs' problems now. */
  problems(): MockProblem[];
  /** Stops taking calls, lets calls in flight finish for `graceMs` (then cancels them), and releases the port. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Starts a mock: the stubs engine (or record mode in front of an upstream) behind one port serving gRPC, gRPC-Web and
 * Connect, with every call logged to `onCall`. Throws ConnectionError for unreadable TLS files or a bad upstream, and
 * MockStartError when the server cannot start (an address or port that cannot be bound).
 */
export async function startMock(options: StartMockOptions): Promise<RunningMock> {
  if (options.record && !options.stubsDir) {
    throw new Error('Record mode needs a stubs folder to write the recorded rules to.');
  }
  const tls = options.tls && (await readServerTls(options.tls));
  const answering = options.record
    ? await recording(options, options.record, options.stubsDir ?? '')
    : await stubbing(options);
  let server;
  try {
    server = await startMockServer({
      schema: options.schema,
      handler: answering.handler,
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      ...(tls ? { tls } : {}),
    });
  } catch (error) {
    await answering.close();
    throw new MockStartError(error);
  }
  // Reflection and health are the server's own, even where the schema has them too (a reflected server's schema).
  const services = options.schema.services().filter((s) => !builtinServiceNames.includes(s.fullName));
  const running = server;
  return {
    address: `${running.host.includes(':') ? `[${running.host}]` : running.host}:${running.port}`,
    host: running.host,
    port: running.port,
    protocols: running.protocols,
    methodCount: services.reduce((count, service) => count + service.methods.length, 0),
    serviceCount: services.length,
    services: services.map((service) => service.fullName),
    ...(answering.upstream ? { upstream: answering.upstream } : {}),
    problems: answering.problems,
    stop: async (graceMs) => {
      await running.close(graceMs);
      await answering.close();
    },
  };
}

/** What answers the calls: the stubs engine or record mode. */
interface Answering {
  handler: MockHandler;
  upstream?: string;
  problems: () => MockProblem[];
  close: () => Promise<void>;
}

async function stubbing(options: StartMockOptions): Promise<Answering> {
  const stubs = await createStubHandler({
    schema: options.schema,
    ...(options.stubsDir !== undefined ? { stubsDir: options.stubsDir } : {}),
    fallback: options.fallback,
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.onProblems ? { onProblems: options.onProblems } : {}),
  });
  return { handler: stubs.handler, problems: () => stubs.problems(), close: async () => stubs.close() };
}

async function recording(
  options: StartMockOptions,
  record: NonNullable<StartMockOptions['record']>,
  stubsDir: string,
): Promise<Answering> {
  let problems: MockProblem[] = [];
  const recorder = await createRecordHandler({
    schema: options.schema,
    upstream: {
      target: record.upstream,
      ...(record.tls ? { tls: record.tls } : {}),
      ...(record.credentials ? { credentials: record.credentials } : {}),
    },
    stubsDir,
    onProblems: (now) => {
      problems = now;
      options.onProblems?.(now);
    },
  });
  const onCall = options.onCall;
  const answer = { kind: 'upstream', target: recorder.upstream } as const;
  const handler: MockHandler = onCall
    ? (call, reply) => {
        const logged = loggedCall(call, reply, options.schema.registry, () => answer, onCall);
        return recorder.handler(logged.call, logged.reply);
      }
    : recorder.handler;
  return { handler, upstream: recorder.upstream, problems: () => problems, close: () => recorder.close() };
}
