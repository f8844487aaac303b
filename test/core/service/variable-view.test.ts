// What the page learns about {{variables}}: names, plain values and origins always; a secret's value only on "Reveal".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { dispatch, type EngineService } from '../../../src/core/service';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { eventService, failureOf, testProtoSource } from './service-harness';

let go: GoReflectServer;
let scratch: string;
const services: EngineService[] = [];
const secret = 'very-secret-token-456';

beforeAll(async () => {
  go = await startGoReflect();
  scratch = await mkdtemp(join(tmpdir(), 'protodesk-variable-view-'));
});
afterAll(async () => {
  await go?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A service on a fresh workspace with environment "dev": a plain host, a stored secret and a secret without a value. */
async function devService(folder: string) {
  const recording = eventService();
  services.push(recording.service);
  await recording.service.workspace.open({ folder: join(scratch, folder) });
  await recording.service.workspace.saveEnvironment({
    name: 'dev',
    file: { variables: { host: `127.0.0.1:${go.port}` }, secrets: ['token', 'apiKey'] },
    secrets: { token: secret },
    baseVersion: null,
    overwrite: false,
  });
  return recording;
}

describe('the variables the page may see', () => {
  test('plain values with their origin, secrets by name only, and secrets without a value apart', async () => {
    const { service } = await devService('view');
    const view = await service.workspace.variableView({ environment: 'dev' });
    expect(view).toEqual({
      environment: 'dev',
      variables: [
        { name: 'host', origin: 'environment', value: `127.0.0.1:${go.port}` },
        { name: 'token', origin: 'secret' },
      ],
      secretsWithoutValue: ['apiKey'],
    });
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(await service.workspace.variableView()).toEqual({ variables: [], secretsWithoutValue: [] });
  });

  test('a value captured this session is shown over the environment’s, as the next call would use it', async () => {
    const { service, next } = await devService('captured');
    const { id } = await service.sources.add({ source: testProtoSource });
    const started = await service.calls.start({
      sourceId: id,
      request: {
        target: '{{host}}',
        tls: { mode: 'plaintext' },
        method: 'grpc.testing.TestService/UnaryCall',
        metadata: [],
        requests: ['{"responseSize": 3}'],
      },
      context: { environment: 'dev', captures: [{ variable: 'host', from: 'body', path: '$.payload.body' }] },
    });
    await next((event) =>
      event.type === 'outcome' && event.outcome.callId === started.callId ? true : undefined,
    );
    const view = await service.workspace.variableView({ environment: 'dev' });
    expect(view.variables.find((variable) => variable.name === 'host')).toEqual({
      name: 'host',
      origin: 'captured',
      value: 'AAAA',
    });
  });

  test('Reveal answers a stored secret, and says why for anything else', async () => {
    const { service } = await devService('reveal');
    expect(await service.workspace.revealSecret({ environment: 'dev', name: 'token' })).toBe(secret);
    expect(await failureOf(service.workspace.revealSecret({ environment: 'dev', name: 'host' }))).toEqual({
      kind: 'invalidRequest',
      message: '{{host}} is not a secret of the environment "dev".',
      hint: 'Open Environments to see its variables.',
    });
    expect(await failureOf(service.workspace.revealSecret({ environment: 'dev', name: 'apiKey' }))).toEqual({
      kind: 'invalidRequest',
      message: 'The secret {{apiKey}} has no stored value in the environment "dev".',
      hint: 'Enter its value in Environments.',
    });
    const bad = await dispatch(service, 'workspace.revealSecret', { environment: 'dev', name: '../token' });
    expect(bad.ok).toBe(false);
    const noEnvironment = await dispatch(service, 'workspace.revealSecret', {
      environment: '../dev',
      name: 'token',
    });
    expect(noEnvironment.ok).toBe(false);
  });
});
