import { join } from 'node:path';
import { CallEngine } from '../../src/core/call/engine';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';
import type { CallEvent, CallRequest } from '../../src/shared/call';
import { vectorsRequest, type CallSide } from './side';

/** Runs one call through the engine, handing each message's JSON text to `onJson`; rejects unless it ends OK. */
async function call(
  engine: CallEngine,
  schema: Schema,
  request: CallRequest,
  onJson: (json: string) => void,
): Promise<void> {
  const onEvent = (event: CallEvent): void => {
    if (event.type === 'message') onJson(event.json);
  };
  const { status } = await (await engine.start(schema, request, onEvent)).done;
  if (status.code !== 0) throw new Error(`${request.method}: ${status.name}: ${status.message}`);
}

/** The engine as the UI and CLI drive it: one CallEngine (channels reused), every message's JSON text consumed. */
export async function engineSide(
  protoRoot: string,
  unaryTarget: string,
  vectorsTarget: string,
): Promise<CallSide> {
  const schema = await loadSchema({
    kind: 'protoFiles',
    files: [join(protoRoot, 'grpc/testing/test.proto'), join(protoRoot, 'vectors/vectors.proto')],
    importPaths: [protoRoot],
  });
  const engine = new CallEngine();
  const request = (target: string, method: string, json: string): CallRequest => ({
    target,
    tls: { mode: 'plaintext' },
    method,
    metadata: [],
    requests: [json],
  });
  const empty = request(unaryTarget, 'grpc.testing.TestService/EmptyCall', '{}');
  const ignore = (): void => {};
  return {
    name: 'engine',
    emptyCall: () => call(engine, schema, empty, ignore),
    vectorsJson: async (count) => {
      let json = '';
      const vectors = request(
        vectorsTarget,
        'vectors.VectorService/GetVectors',
        JSON.stringify(vectorsRequest(count)),
      );
      await call(engine, schema, vectors, (text) => (json = text));
      return json;
    },
    streamVectors: async (count) => {
      let received = 0;
      const stream = request(
        vectorsTarget,
        'vectors.VectorService/GetVectorStream',
        JSON.stringify(vectorsRequest(count)),
      );
      await call(engine, schema, stream, () => received++);
      return received;
    },
    close: () => engine.close(),
  };
}
