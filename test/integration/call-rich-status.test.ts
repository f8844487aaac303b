import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CallEngine } from '../../src/core/call/engine';
import { callAndCollect, type CollectedCall } from '../helpers/collect-call';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import { richFailures, richProtoRoot } from '../peers/js-rich/details';
import { startJsRich, type JsRichServer } from '../peers/js-rich/server';

let server: JsRichServer;
let engine: CallEngine;
let schema: Schema;

beforeAll(async () => {
  server = await startJsRich();
  engine = new CallEngine();
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(richProtoRoot, 'rich/errors.proto')],
    importPaths: [richProtoRoot],
  });
});

afterAll(async () => {
  engine.close();
  await server.stop();
});

/** Calls rich.Errors/Fail for `kind` through the engine, with `withSchema` as the loaded schema. */
function fail(kind: string, withSchema: Schema = schema): Promise<CollectedCall> {
  return callAndCollect(engine, withSchema, {
    target: `127.0.0.1:${server.port}`,
    tls: { mode: 'plaintext' },
    method: 'rich.Errors/Fail',
    metadata: [],
    requests: [JSON.stringify({ kind })],
  });
}

describe('grpc-status-details-bin from a grpc-js server, through the engine', () => {
  test('BadRequest', async () => {
    const call = await fail('bad-request');
    expect(call.messages).toEqual([]);
    expect(call.status).toEqual({
      code: 3,
      name: 'INVALID_ARGUMENT',
      message: 'the request has 2 invalid fields',
      details:
        '{"code":3,"message":"the request has 2 invalid fields","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest",' +
        '"fieldViolations":[{"field":"name","description":"must not be empty"},' +
        '{"field":"pets[1].age","description":"must be at least 0","reason":"NEGATIVE_AGE"}]}]}',
    });
  });

  test('ErrorInfo', async () => {
    expect((await fail('error-info')).status).toEqual({
      code: 7,
      name: 'PERMISSION_DENIED',
      message: 'the Errors API is disabled for this project',
      details:
        '{"code":7,"message":"the Errors API is disabled for this project","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo",' +
        '"reason":"API_DISABLED","domain":"rich.example.com","metadata":{"service":"rich.example.com","consumer":"projects/42"}}]}',
    });
  });

  test('RetryInfo on an UNAVAILABLE the server sent (not taken for a connection failure)', async () => {
    expect((await fail('retry')).status).toEqual({
      code: 14,
      name: 'UNAVAILABLE',
      message: 'try again in a moment',
      details:
        '{"code":14,"message":"try again in a moment","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"1.500s"}]}',
    });
  });

  test("a detail type from the user's schema", async () => {
    expect((await fail('custom')).status).toEqual({
      code: 8,
      name: 'RESOURCE_EXHAUSTED',
      message: 'call quota exceeded',
      details:
        '{"code":8,"message":"call quota exceeded","details":[{"@type":"type.googleapis.com/rich.QuotaBreach",' +
        '"resource":"calls","used":"9007199254740993","ratio":0.1}]}',
    });
  });

  test('a type the schema lacks is kept as base64 and explained; loading its .proto decodes it', async () => {
    expect((await fail('unknown')).status).toEqual({
      code: 10,
      name: 'ABORTED',
      message: 'the server knows something you do not',
      details:
        '{"code":10,"message":"the server knows something you do not","details":[' +
        '{"@type":"type.googleapis.com/rich.secret.Hidden","value":"CgpjbGFzc2lmaWVk"},' +
        '{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"SECRET","domain":"rich.example.com"}]}',
      detailsProblem:
        'details[0] is a rich.secret.Hidden, which the schema does not define; its 12 bytes are shown as base64 in "value" ' +
        '(load the .proto that defines it to see its fields).',
    });
    const files = ['rich/errors.proto', 'rich/secret.proto'].map((name) => join(richProtoRoot, name));
    const fuller = await loadSchema({ kind: 'protoFiles', files, importPaths: [richProtoRoot] });
    expect((await fail('unknown', fuller)).status).toEqual({
      code: 10,
      name: 'ABORTED',
      message: 'the server knows something you do not',
      details:
        '{"code":10,"message":"the server knows something you do not","details":[' +
        '{"@type":"type.googleapis.com/rich.secret.Hidden","note":"classified"},' +
        '{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"SECRET","domain":"rich.example.com"}]}',
    });
  });

  test('unreadable details: the status still arrives, with the problem, and the raw bytes stay in the trailers', async () => {
    const call = await fail('corrupt');
    expect(call.status).toEqual({
      code: 15,
      name: 'DATA_LOSS',
      message: 'the details are garbage',
      detailsProblem: 'grpc-status-details-bin (5 bytes) is not a google.rpc.Status: premature EOF',
    });
    const sent = (await richFailures()).get('corrupt')!.details;
    expect(call.trailers).toContainEqual({
      key: 'grpc-status-details-bin',
      value: Buffer.from(sent).toString('base64'),
    });
  });

  test('a failure without details has neither field', async () => {
    expect((await fail('nothing')).status).toEqual({
      code: 3,
      name: 'INVALID_ARGUMENT',
      message: 'unknown kind "nothing"',
    });
  });
});
