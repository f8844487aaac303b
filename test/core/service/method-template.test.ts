import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CallRequest } from '../../../src/shared/call';
import { callAndCollect } from '../../helpers/collect-call';
import { CallEngine } from '../../../src/core/call/engine';
import type { Schema } from '../../../src/core/schema/schema';
import { methodTemplate } from '../../../src/core/service/method-template';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { loadInteropSchema } from '../../integration/interop-cases';

const unaryCall = 'grpc.testing.TestService/UnaryCall';

describe("a method's samples, sent to grpc-go's interop server", () => {
  let server: GoReflectServer;
  let schema: Schema;
  let engine: CallEngine;
  const send = (json: string): CallRequest => ({
    target: `127.0.0.1:${server.port}`,
    tls: { mode: 'plaintext' },
    method: unaryCall,
    metadata: [],
    requests: [json],
  });

  beforeAll(async () => {
    [server, schema] = await Promise.all([startGoReflect(), loadInteropSchema()]);
    engine = new CallEngine();
  });
  afterAll(async () => {
    engine?.close();
    await server?.stop();
  });

  test('the sample a new tab starts with is {} and the call ends OK', async () => {
    const { sample } = methodTemplate(schema, unaryCall);
    expect(JSON.parse(sample)).toEqual({});
    expect((await callAndCollect(engine, schema, send(sample))).status).toMatchObject({
      code: 0,
      name: 'OK',
    });
  });

  test('the every-field sample asks for an OK status and gets it; the server does echo another code', async () => {
    const { fullSample } = methodTemplate(schema, unaryCall);
    const full = JSON.parse(fullSample) as { responseStatus: { code: number }; responseSize: number };
    expect(full).toMatchObject({ responseSize: 1, fillUsername: true, responseStatus: { code: 0 } });
    expect((await callAndCollect(engine, schema, send(fullSample))).status).toMatchObject({ name: 'OK' });
    // The server does honour the field: the old sample's code 1 came back as CANCELLED.
    const echoed = JSON.stringify({ responseStatus: { code: 1, message: 'message' } });
    expect((await callAndCollect(engine, schema, send(echoed))).status).toMatchObject({ name: 'CANCELLED' });
  });
});
