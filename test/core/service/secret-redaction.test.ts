// Calls through the service, as the page makes them, to a grpc-js server that echoes the secret it is sent in its
// status message, a header, a trailer and the response body: nothing the page receives, nothing in history and no
// file outside the secrets file holds the secret's value; captured values still feed later requests as they came.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { EngineService } from '../../../src/core/service';
import type { CallEvent, CallRequest } from '../../../src/shared/call';
import type { CallContext, CallOutcome } from '../../../src/shared/workspace';
import { filesUnder } from '../../helpers/files-under';
import { startSecretEchoServer, type SecretEchoServer } from '../../peers/js-secret-echo/server';
import { eventService, failureOf, testProtoSource } from './service-harness';
import { batchEvents } from '../../helpers/batch-entries';

const secret = 'PAGESECRET-77';

let server: SecretEchoServer;
let scratch: string;
const services: EngineService[] = [];

beforeAll(async () => {
  server = await startSecretEchoServer();
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-secret-redaction-'));
});
afterAll(async () => {
  await server?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A service over a workspace whose environment `ci` holds the secret `token` (and a short one, `bad`). */
async function workspaceWithSecret() {
  const { service, events, until, dataDir } = eventService({ acknowledge: true });
  services.push(service);
  const state = await service.workspace.open({ folder: await mkdtemp(join(scratch, 'workspace-')) });
  const source = await service.sources.add({ source: testProtoSource });
  await service.workspace.saveEnvironment({
    name: 'ci',
    file: { variables: { host: `127.0.0.1:${server.port}` }, secrets: ['token', 'short'] },
    secrets: { token: secret, short: 'bad' },
    baseVersion: null,
    overwrite: false,
  });
  /** Starts a call in `ci`; `done` resolves with its events and outcome once both have arrived. */
  const start = async (request: CallRequest, context: Omit<CallContext, 'environment'> = {}) => {
    const { callId } = await service.calls.start({
      sourceId: source.id,
      request,
      context: { environment: 'ci', ...context },
    });
    const mine = () => {
      const calls = events.flatMap((e) =>
        e.type === 'call' && e.batch.callId === callId ? batchEvents(e.batch) : [],
      );
      const outcome = events.find((e) => e.type === 'outcome' && e.outcome.callId === callId);
      return calls.some((e) => e.type === 'status') && outcome?.type === 'outcome'
        ? { callId, events: calls, outcome: outcome.outcome }
        : undefined;
    };
    const done: Promise<{ callId: string; events: CallEvent[]; outcome: CallOutcome }> = until(mine);
    return { callId, done };
  };
  const call = async (request: CallRequest, context: Omit<CallContext, 'environment'> = {}) =>
    (await start(request, context)).done;
  return { service, events, dataDir, folder: state.folder, sourceId: source.id, start, call };
}

const echo = (answer: string, authorization = 'Bearer {{token}}'): CallRequest => ({
  target: '{{host}}',
  tls: { mode: 'plaintext' },
  method: 'grpc.testing.TestService/UnaryCall',
  metadata: [
    { key: 'authorization', value: authorization },
    { key: 'x-answer', value: answer },
  ],
  requests: ['{}'],
});

const metadataOf = (events: CallEvent[], type: 'headers' | 'trailers') =>
  events.flatMap((e) => (e.type === type ? e.metadata : [])).filter((entry) => entry.key === 'x-echo-auth');

describe('events to the page carry no secret value', () => {
  test('headers, trailers, the response body, captures and assertions show {{token}}; history and saved messages too', async () => {
    const { service, events, dataDir, folder, call } = await workspaceWithSecret();
    const ok = await call(echo('ok'), {
      captures: [
        { variable: 'echoed', from: 'body', path: '$.username' },
        { variable: 'auth', from: 'header', name: 'x-echo-auth' },
      ],
      assertions: { contains: { username: 'someone else' } },
    });
    expect(metadataOf(ok.events, 'headers')).toEqual([{ key: 'x-echo-auth', value: 'Bearer {{token}}' }]);
    expect(metadataOf(ok.events, 'trailers')).toEqual([{ key: 'x-echo-auth', value: 'Bearer {{token}}' }]);
    const message = ok.events.find((e) => e.type === 'message');
    expect(message?.type === 'message' && JSON.parse(message.json)).toEqual({
      username: '{{token}}',
      oauthScope: `${secret.length} characters`,
    });
    expect(ok.outcome.captures).toEqual([
      { variable: 'echoed', value: '{{token}}' },
      { variable: 'auth', value: 'Bearer {{token}}' },
    ]);
    expect(ok.outcome.assertions[0]?.message).toBe('$.username: expected "someone else", got "{{token}}"');

    const fail = await call(echo('fail'));
    const status = fail.events.find((e) => e.type === 'status');
    expect(status?.type === 'status' && status.status.message).toBe('tok {{token}}; again {{token}}99');

    // "Save messages" writes what the page was shown.
    const saved = join(scratch, 'saved-messages.jsonl');
    await service.calls.saveMessages({ callId: ok.callId, path: saved });
    expect(await readFile(saved, 'utf8')).toContain('"username":"{{token}}"');

    expect(JSON.stringify(events)).not.toContain(secret);
    const history = await Promise.all(
      (await service.history.list({})).map((entry) => service.history.entry({ id: entry.id })),
    );
    expect(history).toHaveLength(2);
    expect(JSON.stringify(history)).not.toContain(secret);
    expect(history.map((entry) => entry.statusMessage)).toContain('tok {{token}}; again {{token}}99');
    const holding = [...(await filesUnder(dataDir)), ...(await filesUnder(folder))]
      .filter((file) => file.text.includes(secret))
      .map((file) => file.path);
    expect(holding).toEqual(['secrets.json']);
    expect(await readFile(saved, 'latin1')).not.toContain(secret);
  });

  test('a captured value feeds the next request as it came, not as the page was shown it', async () => {
    const { events, call } = await workspaceWithSecret();
    await call(echo('ok'), { captures: [{ variable: 'auth', from: 'header', name: 'x-echo-auth' }] });
    const chained = await call(echo('ok', '{{auth}}'));
    const message = chained.events.find((e) => e.type === 'message');
    // The server saw the 13-character token, not the 9-character "{{token}}".
    expect(message?.type === 'message' && JSON.parse(message.json)).toEqual({
      username: '{{token}}',
      oauthScope: `${secret.length} characters`,
    });
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  test('a short secret is not hidden: the server\'s "bad token" reaches the page as it was said', async () => {
    const { call } = await workspaceWithSecret();
    const short = await call(echo('short'), { assertions: { status: 'OK' } });
    const status = short.events.find((e) => e.type === 'status');
    expect(status?.type === 'status' && status.status.message).toBe('bad token');
    expect(short.outcome.assertions[0]?.message).toBe('expected status OK, got UNAUTHENTICATED (bad token)');
  });

  test('a call refused before it starts (the filled request is wrong) names no secret', async () => {
    const { service, sourceId } = await workspaceWithSecret();
    const failure = await failureOf(
      service.calls.start({
        sourceId,
        request: { ...echo('ok'), requests: ['{"responseSize": "{{token}}"}'] },
        context: { environment: 'ci' },
      }),
    );
    expect(failure.kind).toBe('json');
    expect(failure.message).toContain('{{token}}');
    expect(JSON.stringify(failure)).not.toContain(secret);
  });

  test('history keeps every message a stream sent, in order, with the secret masked', async () => {
    const { service, start } = await workspaceWithSecret();
    const bidi = {
      ...echo('ok'),
      method: 'grpc.testing.TestService/FullDuplexCall',
      requests: ['{"responseType": "COMPRESSABLE"}'],
    };
    const { callId, done } = await start(bidi);
    await service.calls.send({ callId, json: '{"responseStatus": {"message": "{{token}}"}}' });
    await expect(service.calls.send({ callId, json: '{"responseType": 42.5}' })).rejects.toThrow();
    await service.calls.send({ callId, json: '{"responseParameters": [{"size": 3}]}' });
    await service.calls.end({ callId });
    // The outcome event comes after the history entry is written.
    await done;
    const [summary] = await service.history.list({ text: 'FullDuplexCall' });
    const entry = await service.history.entry({ id: summary!.id });
    // The refused message was never sent, so it is not in history; the secret is back to its variable.
    expect(entry.request.messages.map((json) => JSON.parse(json))).toEqual([
      { responseType: 'COMPRESSABLE' },
      { responseStatus: { message: '{{token}}' } },
      { responseParameters: [{ size: 3 }] },
    ]);
    expect(entry.request.droppedMessages).toBeUndefined();
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  test('a streamed message refused after filling names no secret; the stream goes on', async () => {
    const { service, start } = await workspaceWithSecret();
    const bidi = { ...echo('ok'), method: 'grpc.testing.TestService/FullDuplexCall', requests: [] };
    const { callId, done } = await start(bidi);
    const failure = await failureOf(
      service.calls.send({ callId, json: '{"responseParameters": [{"size": "{{token}}"}]}' }),
    );
    expect(failure.kind).toBe('json');
    expect(failure.message).toContain('{{token}}');
    expect(JSON.stringify(failure)).not.toContain(secret);
    await service.calls.send({ callId, json: '{}' });
    await service.calls.end({ callId });
    const status = (await done).events.find((e) => e.type === 'status');
    expect(status?.type === 'status' && status.status.name).toBe('OK');
  });
});
