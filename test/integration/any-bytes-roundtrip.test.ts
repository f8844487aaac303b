import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { JsonValue } from '@bufbuild/protobuf';
import { callAndCollect } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import { encodeJson, packedTypeNames, toJsonSchema, withPackedTypes } from '../../src/core/schema/json';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import { makeAjv, schemaErrors } from '../core/schema/json/ajv';
import { pythonJson } from '../peers/py-grpc/json-oracle';
import { pyProtoRoot } from '../peers/py-grpc/schemas';
import { startPyServer, type PyServer } from '../peers/py-grpc/server';

// What the request editor builds for an Any (a type from completion, then its fields) and for a bytes field (a file as
// base64) is a request the engine encodes as Python's protobuf does, and a real grpcio server echoes it back whole.
const kitchen = 'protodesk.pyservice.v1.Kitchen';
const bundled = new URL('../../src/core/schema/bundled/protos/', import.meta.url).pathname;

describe('an Any built from completion and bytes from a file, sent to a real server', () => {
  const engine = new CallEngine();
  let server: PyServer;
  let schema: Schema;
  beforeAll(async () => {
    [server, schema] = await Promise.all([
      startPyServer({ schema: 'pyservice' }),
      loadSchema({
        kind: 'protoFiles',
        files: [`${pyProtoRoot}/pyservice/v1/kitchen.proto`],
        importPaths: [pyProtoRoot, bundled],
      }),
    ]);
  });
  afterAll(async () => {
    engine.close();
    await server?.stop();
  });

  test('completion offers the types, the schema accepts the filled Any, Python reads it, the server echoes it', async () => {
    const message = schema.message(kitchen)!;
    const { names } = packedTypeNames(schema.registry, 'protodesk.pyservice.v1', 'Describe');
    expect(names[0]).toBe('protodesk.pyservice.v1.DescribeRequest');
    const file = randomBytes(4096);
    const request: JsonValue = {
      anyValue: {
        '@type': `type.googleapis.com/${names[0]}`,
        subjectLine: 'popcorn',
        knownOnly: true,
      },
      anyValues: [{ '@type': 'type.googleapis.com/google.protobuf.Duration', value: '1.500s' }],
      bytesValue: file.toString('base64'),
    };
    const urls = [
      'type.googleapis.com/protodesk.pyservice.v1.DescribeRequest',
      'type.googleapis.com/google.protobuf.Duration',
    ];
    const jsonSchema = withPackedTypes(toJsonSchema(message), schema.registry, urls);
    expect(schemaErrors(makeAjv(), jsonSchema, request)).toEqual([]);

    const [printed] = await pythonJson('pyservice', kitchen, [encodeJson(schema.registry, message, request)]);
    expect(printed).toEqual(request);

    const result = await callAndCollect(engine, schema, {
      target: `127.0.0.1:${server.port}`,
      tls: { mode: 'plaintext' },
      method: 'protodesk.pyservice.v1.KitchenService/Echo',
      metadata: [],
      requests: [JSON.stringify(request)],
    });
    expect(result.status.name).toBe('OK');
    expect(JSON.parse(result.messages[0]!)).toEqual(request);
  });
});
