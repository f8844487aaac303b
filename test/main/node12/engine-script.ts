// Drives the real engine service the way src/main/main.ts does, bundled like the Electron 9 main process and run by
// Electron 9's Node 12 (test/main/node12-engine.test.ts). Prints one JSON report: what each step showed, or its error.
import { readFile, writeFile } from 'fs/promises';
import { join } from 'path';
import { EngineService } from '../../../src/core/service';
import type { ProtodeskService } from '../../../src/shared/api/contract';
import type { PathPurpose } from '../../../src/shared/api/types';
import type { CallRequest } from '../../../src/shared/call';
import type { TlsSettings } from '../../../src/shared/schema';
import { ClientEvents, type FinishedCall } from './call-driver';
import { dispatchedApi, failureOf } from './dispatched-api';
import type { EngineScriptConfig } from './config';

const config = JSON.parse(process.argv[2] ?? '{}') as EngineScriptConfig;
const plaintext: TlsSettings = { mode: 'plaintext' };
const secret = 'very-secret-token-123';

/** The user at the native dialogs main shows: what this run picks for each purpose (the engine keeps the grants). */
function pickedInDialog(purpose: PathPurpose): Promise<string[]> {
  const { pki } = config;
  const picks: Partial<Record<PathPurpose, string[]>> = {
    workspaceFolder: [config.workspace],
    protoFolder: [config.protoFolder],
    pemFile: [pki.ca, pki.otherCa, pki.client.cert, pki.client.key, pki.otherClient.key],
  };
  return Promise.resolve(picks[purpose] ?? []);
}

/** The engine as src/main/main.ts sets it up: file access confined to what the user picked. */
const appService = () =>
  new EngineService({
    transport: 'electron',
    version: '0.0.0-test',
    dataDir: config.dataDir,
    choosePaths: pickedInDialog,
    fileAccess: 'granted',
  });

/** A step's result, or the error it threw (with its stack, to find the line that Node 12 could not run). */
async function step<T>(run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const request = (
  target: string,
  method: string,
  body: unknown,
  tls: TlsSettings = plaintext,
): CallRequest => ({
  target,
  tls,
  method: `grpc.testing.TestService/${method}`,
  metadata: [],
  requests: [JSON.stringify(body)],
});

/** What the response pane shows of a call. */
const shownCall = ({ status, messages, headers }: FinishedCall) => ({ status, messages, headers });

/** Sources, calls and TLS checks through one client, as the window uses them. */
async function engineSteps(api: ProtodeskService, events: ClientEvents) {
  const { targets, pki } = config;
  for (const purpose of ['workspaceFolder', 'protoFolder', 'pemFile'] as const)
    await api.files.choosePaths({ purpose });
  await api.workspace.open({ folder: config.workspace });
  const folder = await api.sources.add({ source: { kind: 'protoFolder', folder: config.protoFolder } });
  const template = await step(() =>
    api.sources.methodTemplate({ sourceId: folder.id, method: 'grpc.testing.TestService/UnaryCall' }),
  );
  const call = (req: CallRequest, options?: Parameters<ClientEvents['call']>[2]) =>
    events.call(folder.id, req, options);
  const mutualProfile = {
    mode: 'mutual' as const,
    caFiles: [pki.ca],
    certFile: pki.client.cert,
    keyFile: pki.client.key,
  };
  return {
    folderImport: {
      status: folder.status,
      problems: folder.problems.map((problem) => problem.message),
      services: folder.services.map((service) => service.fullName),
      sample: 'error' in template ? template : JSON.parse(template.fullSample),
    },
    droppedFiles: await step(async () => {
      const files = await Promise.all(
        ['empty', 'messages', 'test'].map(async (name) => {
          const path = `grpc/testing/${name}.proto`;
          return { path, text: await readFile(join(config.protoFolder, path), 'utf8') };
        }),
      );
      const dropped = await api.sources.addDropped({ files });
      await api.sources.remove({ sourceId: dropped.id });
      return {
        status: dropped.status,
        services: dropped.services.length,
        left: (await api.sources.list()).length,
      };
    }),
    unary: await step(async () =>
      shownCall(await call(request(targets.plaintext, 'UnaryCall', { responseSize: 3 }))),
    ),
    serverStream: await step(async () => {
      const stream = await call(
        request(targets.plaintext, 'StreamingOutputCall', {
          responseParameters: [{ size: 1 }, { size: 2 }, { size: 3 }],
        }),
      );
      const saved = await api.calls.saveMessages({
        callId: stream.callId,
        path: join(config.workspace, 'stream.jsonl'),
      });
      await api.calls.release({ callId: stream.callId });
      return { ...shownCall(stream), savedCount: saved.count };
    }),
    clientStream: await step(async () =>
      shownCall(
        await call(request(targets.plaintext, 'StreamingInputCall', { payload: { body: 'AAAA' } }), {
          during: async (callId) => {
            await api.calls.send({ callId, json: JSON.stringify({ payload: { body: 'AAAAAAAA' } }) });
            await api.calls.end({ callId });
          },
        }),
      ),
    ),
    deadline: await step(async () =>
      shownCall(
        await call({
          ...request(targets.plaintext, 'StreamingOutputCall', {
            responseParameters: [{ size: 1, intervalUs: 5_000_000 }],
          }),
          options: { deadlineMs: 300 },
        }),
      ),
    ),
    cancel: await step(async () =>
      shownCall(
        await call(
          request(targets.plaintext, 'FullDuplexCall', {
            responseParameters: [{ size: 1, intervalUs: 5_000_000 }],
          }),
          {
            during: (callId) => api.calls.cancel({ callId }),
          },
        ),
      ),
    ),
    reflection: await step(async () => {
      const source = await api.sources.add({
        source: { kind: 'reflection', target: targets.plaintext, tls: plaintext },
      });
      const empty = await events.call(source.id, request(targets.plaintext, 'EmptyCall', {}));
      return {
        status: source.status,
        services: source.services.map((service) => service.fullName),
        emptyCall: empty.status.name,
      };
    }),
    certificates: await step(async () => {
      const report = await api.tls.check({ profile: mutualProfile });
      return {
        files: report.files.map((file) => ({
          role: file.role,
          problem: file.problem,
          certificates: file.certificates.map((entry) => ({ ...entry.info, validity: entry.validity.state })),
        })),
        keyPair: report.keyPair,
        problems: report.problems,
      };
    }),
    keyMismatch: await step(
      async () =>
        (await api.tls.check({ profile: { ...mutualProfile, keyFile: pki.otherClient.key } })).keyPair,
    ),
    handshakeVerified: await step(() =>
      api.tls.testConnection({ profile: { mode: 'customCa', caFiles: [pki.ca] }, target: targets.tls }),
    ),
    handshakeUnknownCa: await step(() =>
      api.tls.testConnection({ profile: { mode: 'customCa', caFiles: [pki.otherCa] }, target: targets.tls }),
    ),
    tlsCall: await step(async () =>
      shownCall(await call(request(targets.tls, 'EmptyCall', {}, { mode: 'tls', caFiles: [pki.ca] }))),
    ),
    tlsWrongName: await step(async () =>
      shownCall(
        await call(
          request(
            targets.tls,
            'EmptyCall',
            {},
            { mode: 'tls', caFiles: [pki.ca], serverName: 'api.example.com' },
          ),
        ),
      ),
    ),
    tlsUnknownCa: await step(async () =>
      shownCall(await call(request(targets.tls, 'EmptyCall', {}, { mode: 'tls', caFiles: [pki.otherCa] }))),
    ),
    mutualCall: await step(async () => {
      await api.tls.saveProfile({
        name: 'mutual',
        profile: mutualProfile,
        baseVersion: null,
        overwrite: false,
      });
      return shownCall(
        await call(request(targets.mutual, 'EmptyCall', {}), { context: { tlsProfile: 'mutual' } }),
      );
    }),
    workspace: await step(() => workspaceSteps(api, events, folder.id)),
    refusals: await step(async () => ({
      badArgument: await failureOf(
        api.calls.start({
          sourceId: folder.id,
          request: {
            ...request(targets.plaintext, 'EmptyCall', {}),
            tls: { mode: 'ssl' } as never,
          },
        }),
      ),
      badJson: await failureOf(
        api.calls.start({
          sourceId: folder.id,
          request: {
            ...request(targets.plaintext, 'UnaryCall', {}),
            requests: ['{"responseSize": "many"}'],
          },
        }),
      ),
      missingFile: await failureOf(api.workspace.readRequest({ path: 'collections/smoke/Missing.json' })),
      unchosenWrite: await failureOf(
        api.files.write({ path: join(config.dataDir, '..', 'unchosen.txt'), text: 'x' }),
      ),
      listing: await failureOf(api.files.listDirectory({ path: config.dataDir })),
    })),
  };
}

/** Saved requests, a change made from outside, secrets, history, and a collection exported and imported. */
async function workspaceSteps(api: ProtodeskService, events: ClientEvents, sourceId: string) {
  const path = 'collections/smoke/Unary.json';
  const saved = {
    method: 'grpc.testing.TestService/UnaryCall',
    target: '{{host}}',
    metadata: [{ key: 'x-grpc-test-echo-initial', value: 'Bearer {{token}}' }],
    body: { responseSize: 2 },
  };
  await api.workspace.saveRequest({ path, request: saved, baseVersion: null, overwrite: false });
  await api.workspace.saveRequest({
    path: 'collections/smoke/Scratch.json',
    request: saved,
    baseVersion: null,
    overwrite: false,
  });
  await api.workspace.deleteRequest({ path: 'collections/smoke/Scratch.json' });
  await api.workspace.saveEnvironment({
    name: 'local',
    file: { variables: { host: config.targets.plaintext }, secrets: ['token'] },
    secrets: { token: secret },
    baseVersion: null,
    overwrite: false,
  });
  const listed = (await api.workspace.state()).requests.map((entry) => entry.path);
  const file = join(config.workspace, path);
  await writeFile(file, (await readFile(file, 'utf8')).replace('"responseSize": 2', '"responseSize": 5'));
  const changed = await events.workspaceChange(path, api);
  const reread = (await api.workspace.readRequest({ path })).value;
  const secretCall = await events.call(
    sourceId,
    { ...request(reread.target, 'UnaryCall', reread.body), metadata: reread.metadata },
    { context: { environment: 'local', savedPath: path } },
  );
  const [latest] = await api.history.list({});
  const entry = latest && (await api.history.entry({ id: latest.id }));
  const exported = await api.workspace.exportCollection({
    collection: 'smoke',
    file: join(config.workspace, 'smoke-bundle.json'),
  });
  const imported = await api.workspace.importCollection({
    file: join(config.workspace, 'smoke-bundle.json'),
  });
  return {
    listed,
    changedRequests: changed.requests.map((entry) => entry.path),
    rereadBody: reread.body,
    secretCall: {
      status: secretCall.status.name,
      echoed: secretCall.headers['x-grpc-test-echo-initial'],
      messages: secretCall.messages,
    },
    history: latest && {
      method: latest.method,
      target: latest.target,
      status: latest.status.name,
      savedPath: latest.savedPath,
    },
    historyMetadata: entry?.request.metadata,
    storedSecrets: (await api.workspace.readEnvironment({ name: 'local' })).value.storedSecrets,
    grpcurl: await api.workspace.requestToGrpcurl({ request: reread, environment: 'local' }),
    exported,
    imported,
  };
}

/** A second service over the same data folder: the app started again. */
async function reopened() {
  const service = appService();
  const api = dispatchedApi(service.connect(() => undefined).api);
  const state = await api.workspace.state();
  const sources = await api.sources.list();
  const request = await api.workspace.readRequest({ path: 'collections/smoke/Unary.json' });
  const history = await api.history.list({});
  await api.history.clear();
  const cleared = await api.history.list({});
  await service.close();
  return {
    folder: state.folder,
    requests: state.requests.map((entry) => entry.path),
    sources: sources.map((source) => ({ label: source.label, status: source.status })),
    body: request.value.body,
    history: history.map((entry) => entry.method),
    historyAfterClear: cleared.length,
  };
}

async function main(): Promise<void> {
  const service = appService();
  const events = new ClientEvents();
  const client = service.connect(events.listener);
  events.api = dispatchedApi(client.api);
  const engine = await step(() => engineSteps(events.api!, events));
  const closed = await step(async () => {
    await client.close();
    await service.close();
    return true;
  });
  const report = {
    runtime: { node: process.versions.node, electron: process.versions.electron },
    engine,
    closed,
    reopened: await step(reopened),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** The script's output, as the test reads it. */
export type EngineReport = {
  runtime: { node: string; electron: string | undefined };
  engine: Awaited<ReturnType<typeof engineSteps>> | { error: string };
  closed: true | { error: string };
  reopened: Awaited<ReturnType<typeof reopened>> | { error: string };
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
