import {
  createFileRegistry,
  type DescMethod,
  type DescMethodBiDiStreaming,
  type DescMethodClientStreaming,
  type DescMethodServerStreaming,
  type DescMethodUnary,
  type FileRegistry,
} from '@bufbuild/protobuf';
import { fileURLToPath } from 'node:url';
import { bundledProtoRoot } from '../../src/core/schema/bundled/root';
import { protoc } from './protoc';

/** test/fixtures/protos as seen from the sources (a bundled peer is told the folder instead). */
export const fixtureProtos = fileURLToPath(new URL('../fixtures/protos', import.meta.url));

/**
 * grpc's interop protos (grpc.testing.TestService) and google.rpc's error details as a runtime @bufbuild/protobuf
 * registry, compiled by the real protoc, not by the code under test: what the connect-node peer serves and what bare
 * connect-node clients call with.
 */
export async function interopRegistry(protoRoot: string = fixtureProtos): Promise<FileRegistry> {
  const set = await protoc(
    ['grpc/testing/test.proto', 'google/rpc/status.proto', 'google/rpc/error_details.proto'],
    [protoRoot, bundledProtoRoot()],
  );
  return createFileRegistry(set);
}

/** grpc.testing.TestService's methods, each narrowed to its kind (what connect's typed client and router take). */
export interface InteropMethods {
  emptyCall: DescMethodUnary;
  unaryCall: DescMethodUnary;
  streamingOutputCall: DescMethodServerStreaming;
  streamingInputCall: DescMethodClientStreaming;
  fullDuplexCall: DescMethodBiDiStreaming;
  halfDuplexCall: DescMethodBiDiStreaming;
}

/** The TestService methods of `registry`; throws when one is missing or of another kind. */
export function interopMethods(registry: FileRegistry): InteropMethods {
  const service = registry.getService('grpc.testing.TestService');
  if (!service) throw new Error('grpc.testing.TestService is missing from the registry');
  const method = <K extends DescMethod['methodKind']>(
    name: string,
    kind: K,
  ): Extract<DescMethod, { methodKind: K }> => {
    const found = service.methods.find((m) => m.name === name);
    if (found?.methodKind !== kind)
      throw new Error(`grpc.testing.TestService/${name} is not a ${kind} method`);
    return found as Extract<DescMethod, { methodKind: K }>;
  };
  return {
    emptyCall: method('EmptyCall', 'unary'),
    unaryCall: method('UnaryCall', 'unary'),
    streamingOutputCall: method('StreamingOutputCall', 'server_streaming'),
    streamingInputCall: method('StreamingInputCall', 'client_streaming'),
    fullDuplexCall: method('FullDuplexCall', 'bidi_streaming'),
    halfDuplexCall: method('HalfDuplexCall', 'bidi_streaming'),
  };
}
