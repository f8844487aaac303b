// The engine in Electron 9's main process (Node 12.14): a script bundled exactly like the Electron 9 build's main
// process drives the real engine service against grpc-go (plaintext, TLS, mutual TLS) and real files, and everything a
// user sees must be what the production Node shows.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCertificates } from '../../src/core/tls/certificate';
import { makeTestPki, type TestPki } from '../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../peers/go-reflect/server';
import { electron9Binary } from '../electron/helpers/electron9';
import { bundleForElectron9, runWithElectron9 } from './node12/electron9';
import type { EngineScriptConfig } from './node12/config';
import type { EngineReport } from './node12/engine-script';

let scratch: string;
let pki: TestPki;
let config: EngineScriptConfig;
const servers: GoReflectServer[] = [];
let report: EngineReport;

beforeAll(async () => {
  electron9Binary();
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-node12-'));
  pki = await makeTestPki();
  servers.push(
    ...(await Promise.all([
      startGoReflect(),
      startGoReflect({ cert: pki.server.cert, key: pki.server.key }),
      startGoReflect({ cert: pki.server.cert, key: pki.server.key, clientCa: pki.ca }),
    ])),
  );
  const [plaintext, tls, mutual] = servers.map((server) => `127.0.0.1:${server.port}`);
  config = {
    dataDir: join(scratch, 'data'),
    workspace: join(scratch, 'workspace'),
    protoFolder: join(scratch, 'api'),
    targets: { plaintext: plaintext!, tls: tls!, mutual: mutual! },
    pki: { ca: pki.ca, otherCa: pki.otherCa, client: pki.client, otherClient: pki.otherClient },
  };
  await cp(join('test', 'fixtures', 'protos', 'grpc'), join(config.protoFolder, 'grpc'), { recursive: true });
  await Promise.all([mkdir(config.dataDir), mkdir(join(scratch, 'tmp'))]);
  const script = await bundleForElectron9(
    join('test', 'main', 'node12', 'engine-script.ts'),
    join(scratch, 'bundle'),
  );
  const output = await runWithElectron9(script, [JSON.stringify(config)], {
    timeoutMs: 50_000,
    // The engine's temporary files land here, so the test can see that they are gone at the end.
    env: { TMPDIR: join(scratch, 'tmp') },
  });
  report = JSON.parse(output) as EngineReport;
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await pki?.remove();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** A step's result; a step that threw on Node 12 fails the test with its stack. */
function ok<T>(result: T | { error: string }): T {
  if (typeof result === 'object' && result !== null && 'error' in result)
    throw new Error(`On Node 12: ${result.error}`);
  return result;
}

const engine = () => ok(report.engine);
const certificate = async (file: string) => parseCertificates(await readFile(file))[0]!;

describe('the engine in Electron 9’s main process (Node 12)', () => {
  test('the script ran on Electron 9.4.1’s Node 12.14 and shut the engine down cleanly', async () => {
    expect(report.runtime).toEqual({ node: '12.14.1', electron: '9.4.1' });
    expect(ok(report.closed)).toBe(true);
    expect(await readdir(join(scratch, 'tmp'))).toEqual([]); // spooled messages and dropped files deleted
  });

  test('a proto folder imports, with its services and a sample request', () => {
    const { folderImport } = engine();
    expect(folderImport).toMatchObject({ status: 'loaded', problems: [] });
    expect(folderImport.services).toEqual(
      expect.arrayContaining(['grpc.testing.TestService', 'grpc.testing.ReconnectService']),
    );
    expect(folderImport.sample).toMatchObject({
      responseSize: 1,
      payload: { type: 'COMPRESSABLE', body: 'AQID' },
    });
  });

  test('dropped .proto files load, and removing them leaves nothing behind', () => {
    expect(ok(engine().droppedFiles)).toEqual({ status: 'loaded', services: 6, left: 1 });
  });

  test('unary, server-streaming and client-streaming calls answer as on any Node; "Save all messages" writes them', async () => {
    const { unary, serverStream, clientStream } = engine();
    expect(ok(unary)).toMatchObject({
      status: { name: 'OK', message: '' },
      messages: [{ payload: { body: 'AAAA' } }],
    });
    expect(ok(serverStream)).toMatchObject({
      status: { name: 'OK' },
      messages: [{ payload: { body: 'AA==' } }, { payload: { body: 'AAA=' } }, { payload: { body: 'AAAA' } }],
      savedCount: 3,
    });
    const saved = (await readFile(join(config.workspace, 'stream.jsonl'), 'utf8')).trim().split('\n');
    expect(saved.map((line) => JSON.parse(line) as unknown)).toEqual(ok(serverStream).messages);
    expect(ok(clientStream)).toMatchObject({
      status: { name: 'OK' },
      messages: [{ aggregatedPayloadSize: 9 }],
    });
  });

  test('a deadline and a cancel end the call with their status and hint', () => {
    const { deadline, cancel } = engine();
    expect(ok(deadline).status).toMatchObject({
      name: 'DEADLINE_EXCEEDED',
      hint: 'The deadline passed before the call finished: raise the deadline, or check why the server is slow.',
    });
    expect(ok(cancel).status).toMatchObject({ name: 'CANCELLED', message: 'Cancelled on client' });
  });

  test('server reflection imports the services and serves a call', () => {
    const reflection = ok(engine().reflection);
    expect(reflection).toMatchObject({ status: 'loaded', emptyCall: 'OK' });
    expect(reflection.services).toEqual(
      expect.arrayContaining(['grpc.testing.TestService', 'grpc.health.v1.Health']),
    );
  });

  test('the TLS panel describes the CA and client certificates exactly as the production Node does', async () => {
    const { files, keyPair, problems } = ok(engine().certificates);
    expect(files.map((file) => [file.role, file.problem])).toEqual([
      ['ca', undefined],
      ['client', undefined],
    ]);
    const [ca, client] = files.map((file) => file.certificates[0]!);
    expect(ca).toEqual({ ...(await certificate(pki.ca)), validity: 'valid' });
    expect(client).toEqual({ ...(await certificate(pki.client.cert)), validity: 'valid' });
    expect(ca).toMatchObject({
      subject: 'CN=Protodesk Temp CA',
      isCA: true,
      selfSigned: true,
      publicKey: 'EC P-256',
    });
    expect(client).toMatchObject({
      issuer: 'CN=Protodesk Temp CA',
      isCA: false,
      extendedKeyUsage: ['clientAuth'],
    });
    expect(keyPair).toEqual({ matches: true });
    expect(problems).toEqual([]);
  });

  test('a key of another certificate is named as not belonging to it', () => {
    expect(ok(engine().keyMismatch)).toMatchObject({
      matches: false,
      message: `The private key (the client key file ${pki.otherClient.key}) does not belong to the certificate for protodesk-temp-client (the client certificate file ${pki.client.cert}).`,
    });
  });

  test('"Test connection" verifies the server with the right CA and explains an unknown one', async () => {
    const verified = ok(engine().handshakeVerified);
    expect(verified).toMatchObject({
      connected: true,
      verified: true,
      host: { matches: true, matchedName: '127.0.0.1' },
      alpn: 'h2',
      protocol: 'TLSv1.3',
    });
    expect(verified.chain).toEqual([await certificate(pki.server.cert), await certificate(pki.ca)]);
    expect(ok(engine().handshakeUnknownCa)).toMatchObject({
      connected: true,
      verified: false,
      message:
        'The server’s certificate chain ends at CN=Protodesk Temp CA, which is not among the profile’s CAs or the system roots.',
      hint: 'Add the CA certificate of CN=Protodesk Temp CA to the profile (custom CA), or use insecure mode to accept any certificate.',
    });
  });

  test('TLS and mutual TLS calls succeed; certificate failures come back explained', () => {
    const { tlsCall, mutualCall, tlsWrongName, tlsUnknownCa } = engine();
    expect(ok(tlsCall).status.name).toBe('OK');
    expect(ok(mutualCall).status.name).toBe('OK');
    const port = config.targets.tls.split(':')[1];
    expect(ok(tlsWrongName).status).toEqual({
      name: 'UNAVAILABLE',
      message: `The TLS certificate of 127.0.0.1:${port} is not valid for the name api.example.com; it names localhost, 127.0.0.1.`,
      hint: 'Set the server name in the TLS settings to a name the certificate holds, e.g. localhost (this also sets the :authority).',
    });
    expect(ok(tlsUnknownCa).status).toMatchObject({
      name: 'UNAVAILABLE',
      message: expect.stringContaining(
        `The TLS certificate of 127.0.0.1:${port} is not signed by a trusted CA`,
      ),
      hint: 'Add the CA that signed the server certificate to the TLS settings, or mark the connection insecure to accept any certificate.',
    });
  });

  test('the workspace saves, notices a change made outside, fills secrets, records history and moves collections', async () => {
    const workspace = ok(engine().workspace);
    expect(workspace).toMatchObject({
      listed: ['collections/smoke/Unary.json'],
      changedRequests: ['collections/smoke/Unary.json'],
      rereadBody: { responseSize: 5 },
      secretCall: {
        status: 'OK',
        // The server echoed the secret in a header: the page is shown where, never the value.
        echoed: 'Bearer {{token}}',
        messages: [{ payload: { body: 'AAAAAAA=' } }],
      },
      history: {
        method: 'grpc.testing.TestService/UnaryCall',
        target: config.targets.plaintext,
        status: 'OK',
        savedPath: 'collections/smoke/Unary.json',
      },
      historyMetadata: [{ key: 'x-grpc-test-echo-initial', value: 'Bearer {{token}}' }],
      storedSecrets: ['token'],
      exported: { count: 1 },
      imported: { count: 1 },
    });
    expect(workspace.grpcurl).toBe(
      `grpcurl -plaintext -import-path ${config.protoFolder} -proto grpc/testing/test.proto ` +
        `-H 'x-grpc-test-echo-initial: Bearer '"$TOKEN" -d '{"responseSize":5}' ` +
        `${config.targets.plaintext} grpc.testing.TestService/UnaryCall`,
    );
    // The secret is in the data folder's secrets file (owner-only), never in the workspace or the history.
    expect((await stat(join(config.dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(config.dataDir, 'secrets.json'), 'utf8')).toContain('very-secret-token-123');
    const entries = await readdir(scratch, { recursive: true, withFileTypes: true });
    const written = entries.filter(
      (entry) => entry.isFile() && entry.name !== 'secrets.json' && !entry.parentPath.includes('bundle'),
    );
    for (const file of written) {
      expect(await readFile(join(file.parentPath, file.name), 'utf8'), file.name).not.toContain(
        'very-secret-token-123',
      );
    }
  });

  test('bad arguments, bad request JSON, a missing file and paths the user did not choose come back as the page shows them', async () => {
    expect(ok(engine().refusals)).toEqual({
      badArgument: {
        kind: 'invalidRequest',
        message: "calls.start: request.tls.mode: Invalid discriminator value. Expected 'plaintext' | 'tls'",
      },
      badJson: {
        kind: 'json',
        message: 'responseSize: expected int32, got "many"',
        path: 'responseSize',
        position: { line: 1, column: 18 },
      },
      missingFile: {
        kind: 'file',
        message: 'collections/smoke/Missing.json does not exist.',
        hint: 'It may have been renamed or deleted on disk: refresh the workspace.',
        path: 'collections/smoke/Missing.json',
      },
      unchosenWrite: {
        kind: 'forbidden',
        message: `Protodesk writes only where you chose: ${join(scratch, 'unchosen.txt')} was not picked in a save dialog and is not inside the open workspace.`,
        hint: 'Save with the system dialog (Save as…), which lets you choose the place.',
        path: join(scratch, 'unchosen.txt'),
      },
      listing: {
        kind: 'forbidden',
        message: 'The desktop app does not list folders for the page.',
        hint: 'Pick files and folders with Browse… (the system dialog).',
      },
    });
    await expect(stat(join(scratch, 'unchosen.txt'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('started again over the same data folder, the workspace, its sources and the history are back', () => {
    expect(ok(report.reopened)).toEqual({
      folder: config.workspace,
      requests: expect.arrayContaining(['collections/smoke/Unary.json']),
      sources: [
        { label: 'api', status: 'loaded' },
        { label: config.targets.plaintext, status: 'loaded' },
      ],
      body: { responseSize: 5 },
      history: ['grpc.testing.TestService/UnaryCall', 'grpc.testing.TestService/EmptyCall'],
      historyAfterClear: 0,
    });
  });
});
