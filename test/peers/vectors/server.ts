import {
  Server,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
  type ServiceDefinition,
} from '@grpc/grpc-js';
import { listenInsecure, type PeerServer } from '../grpc-js-server';
import { decodeVectorsRequest, encodeVector, encodeVectors, type VectorsRequest } from './wire';

/** A running vectors peer on 127.0.0.1. */
export type VectorsServer = PeerServer;

const toBuffer = (bytes: Buffer): Buffer => bytes;
const noRequest = (): Buffer => Buffer.alloc(0);

/** vectors.VectorService with hand-written codecs: requests decoded from, responses encoded to, protobuf bytes. */
const vectorService: ServiceDefinition = {
  GetVectors: {
    path: '/vectors.VectorService/GetVectors',
    requestStream: false,
    responseStream: false,
    requestSerialize: toBuffer,
    requestDeserialize: decodeVectorsRequest,
    responseSerialize: toBuffer,
    responseDeserialize: toBuffer,
  },
  GetVectorStream: {
    path: '/vectors.VectorService/GetVectorStream',
    requestStream: false,
    responseStream: true,
    requestSerialize: toBuffer,
    requestDeserialize: decodeVectorsRequest,
    responseSerialize: toBuffer,
    responseDeserialize: toBuffer,
  },
};

/** grpc.testing.TestService's EmptyCall (google.protobuf.Empty is zero bytes both ways), for unary benchmarks. */
const testService: ServiceDefinition = {
  EmptyCall: {
    path: '/grpc.testing.TestService/EmptyCall',
    requestStream: false,
    responseStream: false,
    requestSerialize: toBuffer,
    requestDeserialize: noRequest,
    responseSerialize: toBuffer,
    responseDeserialize: toBuffer,
  },
};

/** Sends the whole list; the last encoding is kept, since benchmarks ask for the same list again and again. */
function unaryVectors(): (
  call: ServerUnaryCall<VectorsRequest, Buffer>,
  callback: sendUnaryData<Buffer>,
) => void {
  let last: { key: string; bytes: Buffer } = { key: '', bytes: Buffer.alloc(0) };
  return (call, callback) => {
    const { seed, numberOfVectors } = call.request;
    const key = `${seed}:${numberOfVectors}`;
    if (last.key !== key) last = { key, bytes: encodeVectors(seed, numberOfVectors) };
    callback(null, last.bytes);
  };
}

/** Asked for by metadata: the stream's message at this index does not fit the schema. */
export const corruptAtHeader = 'vectors-corrupt-at';

/** A Vector whose `start` Point claims 5 bytes and holds a double cut after 4: no decoder accepts it. */
const misfit = Buffer.from([0x0a, 0x05, 0x09, 0x00, 0x00, 0x00, 0x00]);

/**
 * Streams vector 0, 1, ... in order, waiting for 'drain' whenever grpc-js's buffer is full; the message at the index
 * the `vectors-corrupt-at` header names, if any, is `misfit`.
 */
function streamVectors(call: ServerWritableStream<VectorsRequest, Buffer>): void {
  const { seed, numberOfVectors } = call.request;
  const corrupt = call.metadata.get(corruptAtHeader)[0];
  const corruptAt = corrupt === undefined ? -1 : Number(corrupt);
  let index = 0;
  const pump = (): void => {
    while (index < numberOfVectors) {
      if (call.cancelled) return;
      const at = index++;
      if (!call.write(at === corruptAt ? misfit : encodeVector(seed, at))) {
        call.once('drain', pump);
        return;
      }
    }
    call.end();
  };
  pump();
}

/**
 * Starts a grpc-js server on a free 127.0.0.1 port with vectors.VectorService (vector i is a pure function of the
 * request's seed and i; see generator.ts) and grpc.testing.TestService/EmptyCall (every other method UNIMPLEMENTED).
 */
export async function startVectorsServer(port = 0): Promise<VectorsServer> {
  // grpc-js servers send without limit by default; said explicitly, since the lists here exceed the 4 MiB receive default.
  const server = new Server({ 'grpc.max_send_message_length': -1 });
  server.addService(vectorService, { GetVectors: unaryVectors(), GetVectorStream: streamVectors });
  server.addService(testService, {
    EmptyCall: (_call: unknown, callback: sendUnaryData<Buffer>) => callback(null, Buffer.alloc(0)),
  });
  return listenInsecure(server, `127.0.0.1:${port}`);
}
