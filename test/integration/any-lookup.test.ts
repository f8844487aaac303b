import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { JsonValue } from '@bufbuild/protobuf';
import { callAndCollect } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import { startLoad } from '../../src/core/load/run/start-load';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import { rawCall } from '../helpers/raw-calls';
import { cli } from '../cli/call-harness';
import { pythonJson, pythonParse } from '../peers/py-grpc/json-oracle';
import { pyProtoRoot } from '../peers/py-grpc/schemas';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';

// google.protobuf.Any whose type the loaded schema lacks: the engine asks the server's reflection for it (with the
// call's own connection settings) before giving up, and then shows just that field as type URL and base64 bytes.
const describeMethod = 'protodesk.pyservice.v1.KitchenService/Describe';
const echoMethod = 'protodesk.pyservice.v1.KitchenService/Echo';
const receiptUrl = 'type.googleapis.com/protodesk.pyservice.hidden.v1.Receipt';
const bundled = new URL('../../src/core/schema/bundled/protos/', import.meta.url).pathname;
/** The service's .proto files without hidden/v1/receipt.proto, as a user who was handed only those would load them. */
const serviceProtos = {
  kind: 'protoFiles' as const,
  files: ['pyservice/v1/kitchen.proto', 'pyservice/v1/movies.proto'].map((f) => `${pyProtoRoot}/${f}`),
  importPaths: [pyProtoRoot, bundled],
};
/** Python's JSON of the Description the server sends for "popcorn", with only known types in it. */
const pythonDescription = async (server: PyServer): Promise<JsonValue> => {
  const request = await pythonParse(
    'pyservice',
    'protodesk.pyservice.v1.DescribeRequest',
    '{"subjectLine": "popcorn", "knownOnly": true}',
  );
  const [reply] = await rawCall(
    `127.0.0.1:${server.port}`,
    { mode: 'plaintext' },
    `/${describeMethod}`,
    'unary',
    [request],
  );
  const [json] = await pythonJson('pyservice', 'protodesk.pyservice.v1.Description', [reply!]);
  return json!;
};

describe('Any types the schema lacks', () => {
  const engine = new CallEngine();
  let both: PyServer;
  let alphaOnly: PyServer;
  let noReflection: PyServer;
  let fromProtos: Schema;
  beforeAll(async () => {
    [both, alphaOnly, noReflection] = await Promise.all([
      startPyServer({ schema: 'pyservice' }),
      startPyServer({ schema: 'pyservice', reflection: 'v1alpha' }),
      startPyServer({ schema: 'pyservice', reflection: 'none' }),
    ]);
    fromProtos = await loadSchema(serviceProtos);
    expect(fromProtos.message('protodesk.pyservice.hidden.v1.Receipt')).toBeUndefined();
  });
  afterAll(async () => {
    engine.close();
    await Promise.all([both, alphaOnly, noReflection].map((s) => s?.stop()));
  });

  const call = (server: PyServer, request: JsonValue, method = describeMethod) =>
    callAndCollect(engine, fromProtos, {
      target: `127.0.0.1:${server.port}`,
      tls: { mode: 'plaintext' },
      method,
      metadata: [],
      requests: [JSON.stringify(request)],
    });

  test.each([
    ['v1', () => both],
    ['v1alpha only', () => alphaOnly],
  ])(
    'found by reflection (%s): printed as Python prints it, and the unknown one as type URL and bytes',
    async (_, server) => {
      const result = await call(server(), { subjectLine: 'popcorn' });
      expect(result.status.name).toBe('OK');
      const expected = (await pythonDescription(server())) as Record<string, JsonValue>;
      expect(JSON.parse(result.messages[0]!)).toEqual({
        ...expected,
        // 08 96 01: field 1 = 150, in a type no descriptor anywhere describes.
        unknownSecret: { '@type': 'type.googleapis.com/protodesk.unknown.Secret', value: 'CJYB' },
      });
      expect((expected.hiddenReceipt as Record<string, JsonValue>)['@type']).toBe(receiptUrl);
    },
  );

  test('a server without reflection: the call still succeeds, the Receipt shown as type URL and bytes', async () => {
    const result = await call(noReflection, { subjectLine: 'popcorn', knownOnly: true });
    expect(result.status.name).toBe('OK');
    const json = JSON.parse(result.messages[0]!) as Record<string, Record<string, string>>;
    expect(Object.keys(json.hiddenReceipt!)).toEqual(['@type', 'value']);
    expect(json.hiddenReceipt!['@type']).toBe(receiptUrl);
    expect(json.packedDuration).toEqual({
      '@type': 'type.googleapis.com/google.protobuf.Duration',
      value: '7.250s',
    });
    // The bytes are the Receipt's: Python decodes them to what the server packed.
    const receipt = Buffer.from(json.hiddenReceipt!.value!, 'base64');
    const [printed] = await pythonJson('pyservice', 'protodesk.pyservice.hidden.v1.Receipt', [receipt]);
    expect(printed).toMatchObject({ subjectLine: 'popcorn', receiptId: 'receipt-7' });
  });

  test('a request naming such a type: looked up before encoding, and echoed back whole', async () => {
    const receipt = {
      '@type': receiptUrl,
      receiptId: 'r-1',
      lineItems: [{ itemName: 'nachos', unitCount: 3 }],
    };
    const result = await call(both, { anyValue: receipt }, echoMethod);
    expect(result.status.name).toBe('OK');
    expect(JSON.parse(result.messages[0]!)).toEqual({ anyValue: receipt });
  });

  test('a load test whose request names such a type: looked up before encoding, as a call does', async () => {
    const request = { anyValue: { '@type': receiptUrl, receiptId: 'r-2' } };
    const run = await startLoad(
      {
        schema: fromProtos,
        request: {
          target: `127.0.0.1:${both.port}`,
          tls: { mode: 'plaintext' },
          method: echoMethod,
          metadata: [],
          requests: [JSON.stringify(request)],
        },
        values: new Map(),
      },
      { model: { kind: 'closed', concurrency: 2, total: 10 } },
      () => undefined,
    );
    const report = await run.done;
    expect(report.statusCounts).toEqual({ OK: 10 });
  });

  test('without reflection the request is refused with what is missing, before anything is sent', async () => {
    const request = { anyValue: { '@type': receiptUrl, receiptId: 'r-1' } };
    await expect(call(noReflection, request, echoMethod)).rejects.toThrow(
      `anyValue["@type"]: "${receiptUrl}" is not a message type in the loaded schema`,
    );
  });

  test('protodesk call with the service protos prints the same', async () => {
    const args = ['call', `127.0.0.1:${both.port}`, describeMethod, '--plaintext', '--format', 'jsonl'];
    const protos = serviceProtos.files.flatMap((f) => ['--proto', f]);
    const imports = serviceProtos.importPaths.flatMap((p) => ['-I', p]);
    const result = await cli([
      ...args,
      ...protos,
      ...imports,
      '-d',
      '{"subjectLine": "popcorn", "knownOnly": true}',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(JSON.parse(result.out)).toEqual(await pythonDescription(both));
  });
});
