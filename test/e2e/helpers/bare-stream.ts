import { credentials, makeGenericClientConstructor, type ClientReadableStream } from '@grpc/grpc-js';

/** How fast a bare grpc-js client takes in a stream: messages counted, never decoded. */
export interface BareStreamResult {
  received: number;
  ms: number;
  perSecond: number;
}

const identity = (bytes: Buffer): Buffer => bytes;

const VectorService = makeGenericClientConstructor(
  {
    GetVectorStream: {
      path: '/vectors.VectorService/GetVectorStream',
      requestStream: false,
      responseStream: true,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    },
  },
  'VectorService',
);

/** vectors.VectorsRequest by hand: field 1 (seed) and field 2 (number_of_vectors), both varints. */
function vectorsRequest(seed: number, count: number): Buffer {
  const varint = (value: number): number[] => {
    const bytes: number[] = [];
    for (let rest = value; ; rest = Math.floor(rest / 128)) {
      if (rest < 128) return [...bytes, rest];
      bytes.push((rest % 128) | 128);
    }
  };
  return Buffer.from([0x08, ...varint(seed), 0x10, ...varint(count)]);
}

/** Receives GetVectorStream of `count` vectors from `address` with a bare grpc-js client, and times it. */
export async function bareVectorStream(address: string, count: number, seed = 42): Promise<BareStreamResult> {
  const client = new VectorService(address, credentials.createInsecure());
  try {
    const started = performance.now();
    const received = await new Promise<number>((resolve, reject) => {
      let seen = 0;
      const getStream = client.GetVectorStream as (request: Buffer) => ClientReadableStream<Buffer>;
      const stream = getStream.call(client, vectorsRequest(seed, count));
      stream.on('data', () => seen++);
      stream.on('error', reject);
      stream.on('end', () => resolve(seen));
    });
    const ms = performance.now() - started;
    return { received, ms, perSecond: (received / ms) * 1000 };
  } finally {
    client.close();
  }
}
