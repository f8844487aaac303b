// The seed workload through the engine: 100,000 vectors as one 6,000,000-byte response (above grpc-js's 4 MiB
// receive default) and as a 100,000-message server stream, checked vector by vector against the generator.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAndCollect } from '../helpers/collect-call';
import { CallEngine } from '../../src/core/call/engine';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import type { CallEvent, CallOptions, CallRequest } from '../../src/shared/call';
import { vectorAt, type Vector } from '../peers/vectors/generator';
import { startVectorsServer, type VectorsServer } from '../peers/vectors/server';

const protoRoot = fileURLToPath(new URL('../fixtures/protos', import.meta.url));
const COUNT = 100_000;
/** grpc-js servers send "OK" as the message of an OK status (grpc-go sends none). */
const ok = { code: 0, name: 'OK', message: 'OK' };

let server: VectorsServer;
let engine: CallEngine;
let schema: Schema;

beforeAll(async () => {
  server = await startVectorsServer();
  engine = new CallEngine();
  schema = await loadSchema({
    kind: 'protoFiles',
    files: [`${protoRoot}/vectors/vectors.proto`],
    importPaths: [protoRoot],
  });
});

afterAll(async () => {
  engine?.close();
  await server?.stop();
});

function vectorsCall(method: string, seed: string, options?: CallOptions): CallRequest {
  return {
    target: `127.0.0.1:${server.port}`,
    tls: { mode: 'plaintext' },
    method: `vectors.VectorService/${method}`,
    metadata: [],
    requests: [JSON.stringify({ seed, numberOfVectors: COUNT })],
    ...(options ? { options } : {}),
  };
}

const same = (a: Vector | undefined, b: Vector): boolean =>
  a !== undefined &&
  a.start.x === b.start.x &&
  a.start.y === b.start.y &&
  a.start.z === b.start.z &&
  a.end.x === b.end.x &&
  a.end.y === b.end.y &&
  a.end.z === b.end.z;

/** The indexes (at most 5) where `vectors` differs from what the server generates for `seed`. */
function wrongIndexes(vectors: (Vector | undefined)[], seed: bigint): number[] {
  const wrong: number[] = [];
  for (let i = 0; i < vectors.length && wrong.length < 5; i++)
    if (!same(vectors[i], vectorAt(seed, i))) wrong.push(i);
  return wrong;
}

describe('the seed workload through the engine', () => {
  test('100,000 vectors in one 6,000,000-byte response arrive complete and correct with default options', async () => {
    const result = await callAndCollect(engine, schema, vectorsCall('GetVectors', '-7'));

    expect(result.status).toEqual(ok);
    expect(result.messages).toHaveLength(1);
    expect(result.timings.messagesReceived).toBe(1);
    expect(result.timings.bytesReceived).toBe(6_000_000);
    const text = result.messages[0] ?? '';
    // Canonical JSON: lowerCamelCase names in field order, doubles printed shortest-round-trip like JavaScript's.
    expect(
      text.startsWith(`{"vectors":[${JSON.stringify(vectorAt(-7n, 0))},${JSON.stringify(vectorAt(-7n, 1))},`),
    ).toBe(true);
    expect(text.endsWith(`,${JSON.stringify(vectorAt(-7n, COUNT - 1))}]}`)).toBe(true);
    const { vectors } = JSON.parse(text) as { vectors: Vector[] };
    expect(vectors).toHaveLength(COUNT);
    expect(wrongIndexes(vectors, -7n)).toEqual([]);
  });

  test('a 100,000-message server stream arrives complete and in order, each message 58 bytes', async () => {
    // Above 2^53: the seed survives only if int64 is carried exactly from the JSON string to the wire.
    const seed = 9_007_199_254_740_993n;
    const messages: CallEvent[] = [];
    const session = await engine.start(schema, vectorsCall('GetVectorStream', seed.toString()), (event) => {
      if (event.type === 'message') messages.push(event);
    });
    const { status, timings } = await session.done;

    expect(status).toEqual(ok);
    expect(timings.messagesReceived).toBe(COUNT);
    expect(timings.bytesReceived).toBe(COUNT * 58);
    expect(messages).toHaveLength(COUNT);
    const vectors = messages.map((event, position) => {
      if (event.type !== 'message' || event.index !== position || event.size !== 58) {
        throw new Error(`message ${position}: ${JSON.stringify({ ...event, json: undefined })}`);
      }
      return JSON.parse(event.json) as Vector;
    });
    expect(wrongIndexes(vectors, seed)).toEqual([]);
    expect(messages[12_345]).toMatchObject({ index: 12_345, json: JSON.stringify(vectorAt(seed, 12_345)) });
  });

  test("the same list with grpc-js's 4 MiB receive limit ends RESOURCE_EXHAUSTED, saying to raise the limit", async () => {
    const result = await callAndCollect(
      engine,
      schema,
      vectorsCall('GetVectors', '-7', { maxReceiveMessageBytes: 4 * 1024 * 1024 }),
    );

    expect(result.messages).toEqual([]);
    expect(result.status).toEqual({
      code: 8,
      name: 'RESOURCE_EXHAUSTED',
      message: 'Received message larger than max (6000000 vs 4194304)',
      hint: 'A response exceeded the size limit: raise the maximum response size in the call options (CLI: --max-msg-sz).',
    });
  });
});
