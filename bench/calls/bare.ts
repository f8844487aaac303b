import {
  credentials,
  loadPackageDefinition,
  type Client,
  type ClientReadableStream,
  type GrpcObject,
  type ServiceClientConstructor,
  type ServiceError,
} from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { vectorsRequest, type CallSide } from './side';

type Callback = (error: ServiceError | null, response?: object) => void;
type UnaryMethod = (request: object, callback: Callback) => void;
type StreamMethod = (request: object) => ClientReadableStream<object>;

function serviceClient(root: GrpcObject, path: string[], address: string): Client & Record<string, unknown> {
  let node: unknown = root;
  for (const name of path) node = (node as GrpcObject)[name];
  const Constructor = node as ServiceClientConstructor;
  // The same receive limit the engine defaults to, or grpc-js refuses the 6 MB list.
  return new Constructor(address, credentials.createInsecure(), {
    'grpc.max_receive_message_length': 64 << 20,
  });
}

function unary(client: Record<string, unknown>, method: string, request: object): Promise<object> {
  const call = (client[method] as UnaryMethod).bind(client);
  return new Promise((resolve, reject) =>
    call(request, (error, response) => (error ? reject(error) : resolve(response ?? {}))),
  );
}

/**
 * grpc-js the way its users call it: clients made by proto-loader (protobufjs serializers), responses as objects;
 * the vectors list then goes through JSON.stringify, to compare with the engine's JSON text.
 */
export function bareSide(protoRoot: string, unaryAddress: string, vectorsAddress: string): CallSide {
  const definition = loadSync(['grpc/testing/test.proto', 'vectors/vectors.proto'], {
    includeDirs: [protoRoot],
  });
  const root = loadPackageDefinition(definition);
  const tests = serviceClient(root, ['grpc', 'testing', 'TestService'], unaryAddress);
  const vectors = serviceClient(root, ['vectors', 'VectorService'], vectorsAddress);
  return {
    name: 'bare grpc-js',
    emptyCall: async () => void (await unary(tests, 'EmptyCall', {})),
    vectorsJson: async (count) => JSON.stringify(await unary(vectors, 'GetVectors', vectorsRequest(count))),
    streamVectors: (count) =>
      new Promise((resolve, reject) => {
        let received = 0;
        const stream = (vectors.GetVectorStream as StreamMethod).call(vectors, vectorsRequest(count));
        stream.on('data', () => received++);
        stream.on('error', reject);
        stream.on('end', () => resolve(received));
      }),
    close: () => {
      tests.close();
      vectors.close();
    },
  };
}
