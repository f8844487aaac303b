// Main's end of the engine port against the real engine host: a process running the built bundle
// (dist/main/engine.cjs, as the Electron 9 build starts it), a real grpc-go server, real files. Nothing is mocked.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ApiEvent, ApiResult, CallEventBatch } from '../../../src/shared/api/types';
import { EngineClient, type MainServices } from '../../../src/main/engine-port/engine-client';
import { forkEngine } from '../../../src/main/engine-port/fork-engine';
import type { EngineLink } from '../../../src/main/engine-port/link';
import { secretsFile } from '../../../src/core/workspace/app-data';
import { createKeychainCipher } from '../../../src/main/keychain-cipher';
import { protoRoot, repoRoot } from '../../e2e/helpers/paths';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { aesCipher } from '../../core/workspace/secret-test-cipher';
import { batchEvents } from '../../helpers/batch-entries';

const engineBundle = join(repoRoot, 'dist', 'main', 'engine.cjs');

let server: GoReflectServer;
let scratch: string;
/** What each test started, ended after it. */
let running: { link: EngineLink; engine: EngineClient } | undefined;

beforeAll(async () => {
  [server, scratch] = await Promise.all([
    startGoReflect(),
    mkdtemp(join(tmpdir(), 'protodesk-engine-port-')),
  ]);
});
afterEach(async () => {
  await running?.engine.close(1_000);
  running = undefined;
});
afterAll(async () => {
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Main's services as the tests answer them: the dialogs pick `picks` in order; the keychain is real AES. */
function services(picks: string[][] = []): MainServices & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    choosePaths: async (purpose) => {
      asked.push(purpose);
      return picks.shift() ?? [];
    },
    cipher: aesCipher(),
  };
}

/** Starts the engine host bundle in its own process, as main does on Electron 9. */
async function startEngine(main: MainServices = services()) {
  const dataDir = join(scratch, `data-${Date.now()}-${Math.random()}`);
  await mkdir(dataDir);
  const link = forkEngine(engineBundle);
  const exited = new Promise<string>((resolve) => link.onExit(resolve));
  const engine = new EngineClient(link, { version: '7.8.9', dataDir }, main);
  running = { link, engine };
  return { link, engine, exited, dataDir };
}

/** A connection that keeps its events; `until` resolves once `found` answers something, on the event that made it so. */
function recording(engine: EngineClient) {
  const events: ApiEvent[] = [];
  const checks = new Set<() => void>();
  const port = engine.connect((event) => {
    events.push(event);
    checks.forEach((check) => check());
  });
  // Answers cross the port as JSON text, which the preload parses for the page.
  const connection: Operations = {
    run: async (op, input) => JSON.parse(await port.run(op, input)) as ApiResult<unknown>,
  };
  const until = <T>(found: (events: ApiEvent[]) => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`never saw ${what}`)), 20_000);
      const check = () => {
        const value = found(events);
        if (value === undefined) return;
        clearTimeout(timer);
        checks.delete(check);
        resolve(value);
      };
      checks.add(check);
      check();
    });
  return { connection, events, until };
}

/** A connection's operations as the page sees them. */
interface Operations {
  run(op: string, input: unknown): Promise<ApiResult<unknown>>;
}

function value<T>(result: ApiResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.failure.kind}: ${result.failure.message}`);
  return result.value as T;
}

const plaintext = { mode: 'plaintext' as const };
const testProtos = {
  kind: 'protoFiles',
  files: [`${protoRoot}/grpc/testing/test.proto`],
  importPaths: [protoRoot],
};

describe('the engine host in its own process, over the port', () => {
  test('answers contract operations with what main sent at start-up', async () => {
    const { engine } = await startEngine();
    const { connection } = recording(engine);
    expect(value(await connection.run('app.info', {}))).toMatchObject({
      version: '7.8.9',
      transport: 'electron',
      nativeDialogs: true,
    });
    expect(value(await connection.run('sources.list', {}))).toEqual([]);
  });

  test('asks main to show the dialog, and grants only what the user picked there', async () => {
    const main = services([[protoRoot]]);
    const { engine } = await startEngine(main);
    const { connection } = recording(engine);
    const unchosen = await connection.run('sources.add', { source: testProtos });
    expect(unchosen).toMatchObject({ ok: false, failure: { kind: 'forbidden' } });
    expect(value(await connection.run('files.choosePaths', { purpose: 'protoFolder' }))).toEqual([protoRoot]);
    expect(main.asked).toEqual(['protoFolder']);
    expect(value(await connection.run('sources.add', { source: testProtos }))).toMatchObject({
      status: 'loaded',
    });
  });

  test('paths dropped on the window become readable', async () => {
    const { engine } = await startEngine();
    const { connection } = recording(engine);
    const file = `${protoRoot}/grpc/testing/empty.proto`;
    expect(
      await connection.run('sources.add', { source: { kind: 'protoFiles', files: [file], importPaths: [] } }),
    ).toMatchObject({
      ok: false,
      failure: { kind: 'forbidden' },
    });
    engine.grantDropped([file]);
    const dropped = await connection.run('sources.add', {
      source: { kind: 'protoFiles', files: [file], importPaths: [] },
    });
    expect(value(dropped)).toMatchObject({ status: 'loaded' });
  });

  test('a server stream’s messages reach the window that started it, and no other', async () => {
    const { engine } = await startEngine(services([[protoRoot]]));
    const [mine, other] = [recording(engine), recording(engine)];
    value(await mine.connection.run('files.choosePaths', { purpose: 'protoFolder' }));
    const source = value<{ id: string }>(await mine.connection.run('sources.add', { source: testProtos }));
    const parameters = Array.from({ length: 50 }, () => ({ size: 4 }));
    const started = value<{ callId: string }>(
      await mine.connection.run('calls.start', {
        sourceId: source.id,
        request: {
          target: `127.0.0.1:${server.port}`,
          tls: plaintext,
          method: 'grpc.testing.TestService/StreamingOutputCall',
          metadata: [],
          requests: [JSON.stringify({ responseParameters: parameters })],
        },
      }),
    );
    const batches = (events: ApiEvent[]) =>
      events.flatMap((event) =>
        event.type === 'call' && event.batch.callId === started.callId ? [event.batch] : [],
      );
    // Acknowledging each batch as the page does lets the engine send the next.
    let acknowledged = 0;
    const ended = mine.until((events) => {
      const seen: CallEventBatch[] = batches(events);
      for (const batch of seen.slice(acknowledged))
        void mine.connection.run('calls.acknowledge', { callId: batch.callId, seq: batch.seq });
      acknowledged = seen.length;
      return seen.some((batch) => batch.entries.some((e) => e.type === 'status')) ? seen : undefined;
    }, 'the stream’s status');
    const seen = await ended;
    const events = seen.flatMap((batch) => batchEvents(batch));
    expect(events.filter((event) => event.type === 'message')).toHaveLength(50);
    expect(events.at(-1)).toMatchObject({ type: 'status', status: { name: 'OK' } });
    expect(batches(other.events)).toEqual([]);
  });

  const saveSecret = (connection: Operations) =>
    connection.run('workspace.saveEnvironment', {
      name: 'dev',
      file: { variables: {}, secrets: ['token'] },
      secrets: { token: 'hunter2' },
      baseVersion: null,
      overwrite: false,
    });

  test('secrets are encrypted by main’s keychain', async () => {
    const { engine, dataDir } = await startEngine();
    const { connection } = recording(engine);
    expect(await saveSecret(connection)).toMatchObject({ ok: true });
    const onDisk = await readFile(secretsFile(dataDir), 'utf8');
    expect(onDisk).toContain('"encrypted": true');
    expect(onDisk).not.toContain('hunter2');
  });

  test('without a keychain in main (Electron 9–14), the refusal reaches the page in words', async () => {
    const { engine } = await startEngine({ ...services(), cipher: createKeychainCipher(undefined) });
    const { connection } = recording(engine);
    expect(await saveSecret(connection)).toMatchObject({
      ok: false,
      failure: { message: expect.stringContaining('safeStorage needs Electron 15 or later') },
    });
  });

  test('messages that are not the protocol’s are refused, and requests that break the contract are answered so', async () => {
    const { link, engine } = await startEngine();
    const { connection } = recording(engine);
    const raw: unknown[] = [];
    link.onMessage((message) => raw.push(message));
    link.post({ type: 'request', id: 900, client: 0, op: 7, args: [] });
    link.post({ type: 'shutdown' });
    link.post('close');
    expect(await connection.run('noSuchOperation', {})).toEqual({
      ok: false,
      failure: {
        kind: 'invalidRequest',
        message:
          'There is no operation named "noSuchOperation": operations are named domain.operation, e.g. calls.start.',
      },
    });
    expect(await connection.run('files.listDirectory', { path: { path: '/etc' } })).toMatchObject({
      ok: false,
      failure: { kind: 'invalidRequest', message: expect.stringMatching(/^files\.listDirectory: path: /) },
    });
    expect(raw).toEqual(
      expect.arrayContaining([
        {
          type: 'answer',
          id: 900,
          json: expect.stringContaining(
            '"kind":"invalidRequest","message":"Not a message for the engine (op)',
          ),
        },
        { type: 'refused', message: expect.stringContaining('Not a message for the engine (type)') },
        { type: 'refused', message: expect.stringContaining('Not a message for the engine') },
      ]),
    );
    // The engine still serves after all that.
    expect(value(await connection.run('sources.list', {}))).toEqual([]);
  });

  test('when the engine process dies, the operation waiting on it and every later one say so', async () => {
    let dialogShown: () => void = () => undefined;
    const shown = new Promise<void>((resolve) => (dialogShown = resolve));
    // The dialog stays open, so choosePaths is still waiting when the engine dies.
    const { link, engine, exited } = await startEngine({
      ...services(),
      choosePaths: () => {
        dialogShown();
        return new Promise<string[]>(() => undefined);
      },
    });
    const { connection } = recording(engine);
    const waiting = connection.run('files.choosePaths', { purpose: 'protoFolder' });
    await shown;
    await link.end();
    expect(await exited).toMatch(/^the engine process ended with SIGTERM/);
    const stopped = {
      ok: false,
      failure: { kind: 'internal', message: expect.stringContaining('Restart Protodesk') },
    };
    expect(await waiting).toMatchObject(stopped);
    expect(await connection.run('sources.list', {})).toMatchObject(stopped);
  });

  test('close() lets the engine cancel its calls and delete its temporary files, then ends its process', async () => {
    const temp = join(scratch, `tmp-${Date.now()}`);
    await mkdir(temp);
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = temp; // the engine process's copy of the environment: its temporary files land here
    const started = await startEngine(services([[protoRoot]])).finally(() => (process.env.TMPDIR = previous));
    const { connection } = recording(started.engine);
    const file = `${protoRoot}/grpc/testing/empty.proto`;
    value(
      await connection.run('sources.addDropped', {
        files: [{ path: 'empty.proto', text: await readFile(file, 'utf8') }],
      }),
    );
    expect(await readdir(temp)).not.toEqual([]);
    await started.engine.close(5_000);
    expect(await started.exited).toMatch(/^the engine process ended/);
    expect(await readdir(temp)).toEqual([]);
    expect(await connection.run('sources.list', {})).toMatchObject({
      ok: false,
      failure: { kind: 'internal', message: expect.stringContaining('The engine stopped') },
    });
    running = undefined;
  });
});
