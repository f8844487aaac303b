import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceTree } from '../../../src/core/schema/method-tree';
import { protoc } from '../../helpers/protoc';

const fixtures = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
const bundled = fileURLToPath(new URL('../../../src/core/schema/bundled/protos', import.meta.url));

let interop: FileRegistry;
let shapes: FileRegistry;

beforeAll(async () => {
  [interop, shapes] = await Promise.all([
    protoc(['grpc/testing/test.proto'], [fixtures], { sourceInfo: true }).then(createFileRegistry),
    protoc(['describe/shapes.proto'], [fixtures, bundled]).then(createFileRegistry),
  ]);
});

describe('serviceTree', () => {
  it('lists services in declaration order with their file and doc comment', () => {
    const tree = serviceTree(interop);
    expect(tree.map((s) => [s.fullName, s.name, s.file])).toEqual([
      ['grpc.testing.TestService', 'TestService', 'grpc/testing/test.proto'],
      ['grpc.testing.UnimplementedService', 'UnimplementedService', 'grpc/testing/test.proto'],
      ['grpc.testing.ReconnectService', 'ReconnectService', 'grpc/testing/test.proto'],
      ['grpc.testing.LoadBalancerStatsService', 'LoadBalancerStatsService', 'grpc/testing/test.proto'],
      ['grpc.testing.XdsUpdateHealthService', 'XdsUpdateHealthService', 'grpc/testing/test.proto'],
      [
        'grpc.testing.XdsUpdateClientConfigureService',
        'XdsUpdateClientConfigureService',
        'grpc/testing/test.proto',
      ],
    ]);
    expect(tree[0]?.doc).toBe(
      'A simple service to test the various types of RPCs and experiment with\nperformance with various types of payload.',
    );
  });

  it('gives each method its path, kind, types and doc, in declaration order', () => {
    const testService = serviceTree(interop)[0];
    expect(testService?.methods.map((m) => [m.name, m.kind])).toEqual([
      ['EmptyCall', 'unary'],
      ['UnaryCall', 'unary'],
      ['CacheableUnaryCall', 'unary'],
      ['StreamingOutputCall', 'server_stream'],
      ['StreamingInputCall', 'client_stream'],
      ['FullDuplexCall', 'bidi'],
      ['HalfDuplexCall', 'bidi'],
      ['UnimplementedCall', 'unary'],
    ]);
    expect(testService?.methods[4]).toEqual({
      name: 'StreamingInputCall',
      fullName: 'grpc.testing.TestService.StreamingInputCall',
      path: '/grpc.testing.TestService/StreamingInputCall',
      kind: 'client_stream',
      inputType: 'grpc.testing.StreamingInputCallRequest',
      outputType: 'grpc.testing.StreamingInputCallResponse',
      doc: 'A sequence of requests followed by one response (streamed upload).\nThe server returns the aggregated size of client payload as the result.',
    });
  });

  it('has empty docs when the descriptors carry no source info', () => {
    const [service] = serviceTree(shapes);
    expect(service?.fullName).toBe('describe.shapes.ShapeService');
    expect(service?.doc).toBe('');
    expect(service?.methods.map((m) => [m.name, m.kind, m.doc])).toEqual([
      ['Draw', 'unary', ''],
      ['Watch', 'server_stream', ''],
      ['Upload', 'client_stream', ''],
      ['Chat', 'bidi', ''],
    ]);
  });

  it('is empty for a schema without services', async () => {
    const registry = createFileRegistry(await protoc(['describe/legacy.proto'], [fixtures]));
    expect(serviceTree(registry)).toEqual([]);
  });
});
