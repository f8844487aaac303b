import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeAll, describeSymbol } from '../../../src/core/schema/describe';
import { SchemaError } from '../../../src/core/schema/errors';
import { protoc } from '../../helpers/protoc';

// Expected texts below are grpcurl 1.9.4's `describe` output for the same descriptors (checked by hand),
// except where a comment says why ours differs.
const fixtures = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
const bundled = fileURLToPath(new URL('../../../src/core/schema/bundled/protos', import.meta.url));

let interop: FileRegistry;
let shapes: FileRegistry;
let legacy: FileRegistry;

beforeAll(async () => {
  [interop, shapes, legacy] = await Promise.all([
    protoc(['grpc/testing/test.proto'], [fixtures], { sourceInfo: true }).then(createFileRegistry),
    protoc(['describe/shapes.proto'], [fixtures, bundled], { sourceInfo: true }).then(createFileRegistry),
    protoc(['describe/legacy.proto'], [fixtures], { sourceInfo: true }).then(createFileRegistry),
  ]);
});

/** Joins lines, so expected output reads like the terminal. */
const text = (...lines: string[]): string => lines.join('\n');

describe('describeSymbol on grpc interop protos', () => {
  it('prints TestService with doc comments, methods sorted, stream keywords and qualified types', () => {
    expect(describeSymbol(interop, 'grpc.testing.TestService')).toBe(
      text(
        'grpc.testing.TestService is a service:',
        '// A simple service to test the various types of RPCs and experiment with',
        '// performance with various types of payload.',
        'service TestService {',
        '  // One request followed by one response. Response has cache control',
        '  // headers set such that a caching HTTP proxy (such as GFE) can',
        '  // satisfy subsequent requests.',
        '  rpc CacheableUnaryCall ( .grpc.testing.SimpleRequest ) returns ( .grpc.testing.SimpleResponse );',
        '  // One empty request followed by one empty response.',
        '  rpc EmptyCall ( .grpc.testing.Empty ) returns ( .grpc.testing.Empty );',
        '  // A sequence of requests with each request served by the server immediately.',
        '  // As one request could lead to multiple responses, this interface',
        '  // demonstrates the idea of full duplexing.',
        '  rpc FullDuplexCall ( stream .grpc.testing.StreamingOutputCallRequest ) returns ( stream .grpc.testing.StreamingOutputCallResponse );',
        '  // A sequence of requests followed by a sequence of responses.',
        '  // The server buffers all the client requests and then serves them in order. A',
        '  // stream of responses are returned to the client when the server starts with',
        '  // first request.',
        '  rpc HalfDuplexCall ( stream .grpc.testing.StreamingOutputCallRequest ) returns ( stream .grpc.testing.StreamingOutputCallResponse );',
        '  // A sequence of requests followed by one response (streamed upload).',
        '  // The server returns the aggregated size of client payload as the result.',
        '  rpc StreamingInputCall ( stream .grpc.testing.StreamingInputCallRequest ) returns ( .grpc.testing.StreamingInputCallResponse );',
        '  // One request followed by a sequence of responses (streamed download).',
        '  // The server returns the payload with client desired type and sizes.',
        '  rpc StreamingOutputCall ( .grpc.testing.StreamingOutputCallRequest ) returns ( stream .grpc.testing.StreamingOutputCallResponse );',
        '  // One request followed by one response.',
        '  rpc UnaryCall ( .grpc.testing.SimpleRequest ) returns ( .grpc.testing.SimpleResponse );',
        '  // The test server will not implement this method. It will be used',
        '  // to test the behavior when clients call unimplemented methods.',
        '  rpc UnimplementedCall ( .grpc.testing.Empty ) returns ( .grpc.testing.Empty );',
        '}',
      ),
    );
  });

  it('prints SimpleRequest with every field and its comment', () => {
    expect(describeSymbol(interop, 'grpc.testing.SimpleRequest')).toBe(
      text(
        'grpc.testing.SimpleRequest is a message:',
        '// Unary request.',
        'message SimpleRequest {',
        '  // Desired payload type in the response from the server.',
        '  // If response_type is RANDOM, server randomly chooses one from other formats.',
        '  .grpc.testing.PayloadType response_type = 1;',
        '  // Desired payload size in the response from the server.',
        '  int32 response_size = 2;',
        '  // Optional input payload sent along with the request.',
        '  .grpc.testing.Payload payload = 3;',
        '  // Whether SimpleResponse should include username.',
        '  bool fill_username = 4;',
        '  // Whether SimpleResponse should include OAuth scope.',
        '  bool fill_oauth_scope = 5;',
        '  // Whether to request the server to compress the response. This field is',
        '  // "nullable" in order to interoperate seamlessly with clients not able to',
        '  // implement the full compression tests by introspecting the call to verify',
        "  // the response's compression status.",
        '  .grpc.testing.BoolValue response_compressed = 6;',
        '  // Whether server should return a given status',
        '  .grpc.testing.EchoStatus response_status = 7;',
        '  // Whether the server should expect this request to be compressed.',
        '  .grpc.testing.BoolValue expect_compressed = 8;',
        '  // Whether SimpleResponse should include server_id.',
        '  bool fill_server_id = 9;',
        '  // Whether SimpleResponse should include grpclb_route_type.',
        '  bool fill_grpclb_route_type = 10;',
        '  // If set the server should record this metrics report data for the current RPC.',
        '  .grpc.testing.TestOrcaReport orca_per_query_report = 11;',
        '}',
      ),
    );
  });

  it('accepts a method as pkg.Svc/Method, /pkg.Svc/Method and pkg.Svc.Method', () => {
    const expected = text(
      'grpc.testing.TestService.StreamingInputCall is a method:',
      '// A sequence of requests followed by one response (streamed upload).',
      '// The server returns the aggregated size of client payload as the result.',
      'rpc StreamingInputCall ( stream .grpc.testing.StreamingInputCallRequest ) returns ( .grpc.testing.StreamingInputCallResponse );',
    );
    expect(describeSymbol(interop, 'grpc.testing.TestService/StreamingInputCall')).toBe(expected);
    expect(describeSymbol(interop, '/grpc.testing.TestService/StreamingInputCall')).toBe(expected);
    expect(describeSymbol(interop, 'grpc.testing.TestService.StreamingInputCall')).toBe(expected);
  });

  it('prints enums with value comments', () => {
    expect(describeSymbol(interop, '.grpc.testing.PayloadType')).toBe(
      text(
        'grpc.testing.PayloadType is an enum:',
        '// The type of payload that should be returned.',
        'enum PayloadType {',
        '  // Compressable text format.',
        '  COMPRESSABLE = 0;',
        '}',
      ),
    );
  });
});

describe('describeSymbol on a proto3 fixture with maps, oneofs, enums, nested types and options', () => {
  it('prints the message in canonical order: options, fields by number, nested types, reserved', () => {
    expect(describeSymbol(shapes, 'describe.shapes.Shape')).toBe(
      text(
        'describe.shapes.Shape is a message:',
        '// A shape on the canvas.',
        'message Shape {',
        '  option (.describe.custom.shape_info) = { label: "base", weight: 2 };',
        '  string id = 1;',
        '  .describe.shapes.Shape.Kind kind = 2;',
        '  // Labels shown next to the shape.',
        '  map<string, string> labels = 3;',
        '  map<int32, .describe.shapes.Shape.Point> points = 4;',
        '  // Exactly one geometry.',
        '  oneof geometry {',
        '    double radius = 5;',
        '    .describe.shapes.Shape.Point corner = 6 [json_name = "topLeft"];',
        '    .google.protobuf.Timestamp drawn_at = 12;',
        '  }',
        '  optional int32 z_index = 7;',
        '  repeated sint64 weights = 8 [packed = false];',
        '  bytes payload = 9 [',
        '    deprecated = true,',
        '    (.describe.custom.field_note) = "opaque"',
        '  ];',
        '  map<string, .describe.shapes.Shape.Kind> kinds = 10;',
        '  .describe.shapes.Shape.Point origin = 11 [',
        '    deprecated = true,',
        '    json_name = "origin_point",',
        '    (.describe.custom.field_note) = "the origin of every coordinate in this shape"',
        '  ];',
        '  message Point {',
        '    double x = 1;',
        '    double y = 2;',
        '  }',
        '  // Which kind of shape this is.',
        '  enum Kind {',
        '    option allow_alias = true;',
        '    KIND_UNSPECIFIED = 0;',
        '    CIRCLE = 1;',
        '    ROUND = 1;',
        '    SQUARE = 2 [deprecated = true];',
        '    reserved 5, 10 to 20, 100 to max;',
        '    reserved "HEXAGON", "TRIANGLE";',
        '  }',
        '  reserved 13, 15 to 17;',
        '  reserved "legacy", "old_name";',
        '}',
      ),
    );
  });

  it('prints service and method options, including message-valued custom options', () => {
    expect(describeSymbol(shapes, 'describe.shapes.ShapeService')).toBe(
      text(
        'describe.shapes.ShapeService is a service:',
        '// Keeps track of shapes.',
        'service ShapeService {',
        '  option (.describe.custom.service_tag) = "shapes";',
        '  rpc Chat ( stream .describe.shapes.Shape ) returns ( stream .describe.shapes.Shape ) {',
        '    option deprecated = true;',
        '  }',
        '  // Draws one shape.',
        '  rpc Draw ( .describe.shapes.Shape ) returns ( .describe.shapes.Canvas ) {',
        '    option (.google.api.http) = { post: "/v1/draw", body: "*" };',
        '  }',
        '  rpc Upload ( stream .describe.shapes.Shape ) returns ( .describe.shapes.Canvas );',
        '  // Streams every shape back.',
        '  rpc Watch ( .describe.shapes.Canvas ) returns ( stream .describe.shapes.Shape ) {',
        '    option idempotency_level = NO_SIDE_EFFECTS;',
        '  }',
        '}',
      ),
    );
  });

  it('leaves synthetic map entry types out of the nested messages', () => {
    expect(describeSymbol(shapes, 'describe.shapes.Canvas')).toBe(
      text(
        'describe.shapes.Canvas is a message:',
        'message Canvas {',
        '  repeated .describe.shapes.Shape shapes = 1;',
        '  map<string, .describe.shapes.Shape> by_id = 2;',
        '  // A named group of shapes, declared after a map field (so after its synthetic entry type).',
        '  message Layer {',
        '    string name = 1;',
        '  }',
        '}',
      ),
    );
  });

  it('describes a map entry type as its map field, and fields, enum values and oneofs on their own', () => {
    expect(describeSymbol(shapes, 'describe.shapes.Shape.LabelsEntry')).toBe(
      text(
        'describe.shapes.Shape.LabelsEntry is the entry type for a map field:',
        '// Labels shown next to the shape.',
        'map<string, string> labels = 3;',
      ),
    );
    expect(describeSymbol(shapes, 'describe.shapes.Shape.z_index')).toBe(
      text('describe.shapes.Shape.z_index is a field:', 'optional int32 z_index = 7;'),
    );
    expect(describeSymbol(shapes, 'describe.shapes.Shape.Kind.SQUARE')).toBe(
      text('describe.shapes.Shape.Kind.SQUARE is an enum value:', 'SQUARE = 2 [deprecated = true];'),
    );
    // grpcurl drops the oneof's own comment here (it looks it up at a wrong path); we keep it.
    expect(describeSymbol(shapes, 'describe.shapes.Shape.geometry')).toBe(
      text(
        'describe.shapes.Shape.geometry is a one-of:',
        '// Exactly one geometry.',
        'oneof geometry {',
        '  double radius = 5;',
        '  .describe.shapes.Shape.Point corner = 6 [json_name = "topLeft"];',
        '  .google.protobuf.Timestamp drawn_at = 12;',
        '}',
      ),
    );
  });
});

describe('describeSymbol on a proto2 fixture', () => {
  it('prints labels, defaults, groups, extension ranges, nested extensions and reserved ranges', () => {
    expect(describeSymbol(legacy, 'describe.legacy.Order')).toBe(
      text(
        'describe.legacy.Order is a message:',
        '// An order in the old format.',
        'message Order {',
        '  required int64 id = 1;',
        '  optional string note = 2 [default = "tab\\there \\"quoted\\""];',
        '  optional bytes tag = 3 [default = "\\001\\377ab"];',
        '  optional float ratio = 4 [default = 1.500000];',
        // grpcurl prints Go's `+Inf`, which protoc rejects; `inf` is the proto spelling.
        '  optional double limit = 5 [default = inf];',
        '  optional .describe.legacy.Colour colour = 6 [default = RED];',
        '  optional bool urgent = 7 [default = true];',
        '  optional sint32 delta = 8 [default = -42];',
        '  repeated int32 counts = 9 [packed = true];',
        '  // A group, the proto2 way.',
        '  optional group Line = 10 {',
        '    required string sku = 1;',
        '    optional uint32 quantity = 2 [default = 1];',
        '  }',
        '  repeated group Extra = 11 {',
        '    optional string key = 1;',
        '  }',
        '  extensions 100 to 199, 500, 1000 to max;',
        '  extend .describe.legacy.Order {',
        '    optional string nested_note = 150;',
        '  }',
        '  reserved 20 to 29;',
        '  reserved "gone";',
        '}',
      ),
    );
  });

  it('prints an extension inside its extend block, and a group type as its group field', () => {
    expect(describeSymbol(legacy, 'describe.legacy.placed_by')).toBe(
      text(
        'describe.legacy.placed_by is an extension:',
        'extend .describe.legacy.Order {',
        '  // Who placed it.',
        '  optional string placed_by = 100;',
        '}',
      ),
    );
    expect(describeSymbol(legacy, 'describe.legacy.Order.Line')).toBe(
      text(
        'describe.legacy.Order.Line is the type of a group field:',
        '// A group, the proto2 way.',
        'optional group Line = 10 {',
        '  required string sku = 1;',
        '  optional uint32 quantity = 2 [default = 1];',
        '}',
      ),
    );
  });

  it('keeps closed enum values in number order, negatives first', () => {
    expect(describeSymbol(legacy, 'describe.legacy.Colour')).toBe(
      text(
        'describe.legacy.Colour is an enum:',
        '// Colours, with a negative value.',
        'enum Colour {',
        '  BLACK = -1;',
        '  RED = 1;',
        '  GREEN = 2;',
        '}',
      ),
    );
  });
});

describe('describeAll', () => {
  it('describes every service, sorted by full name', () => {
    const out = describeAll(interop);
    const headers = out.split('\n').filter((line) => line.endsWith(' is a service:'));
    expect(headers).toEqual([
      'grpc.testing.LoadBalancerStatsService is a service:',
      'grpc.testing.ReconnectService is a service:',
      'grpc.testing.TestService is a service:',
      'grpc.testing.UnimplementedService is a service:',
      'grpc.testing.XdsUpdateClientConfigureService is a service:',
      'grpc.testing.XdsUpdateHealthService is a service:',
    ]);
    expect(out).toContain(
      text(
        'grpc.testing.ReconnectService is a service:',
        '// A service used to control reconnect server.',
        'service ReconnectService {',
        '  rpc Start ( .grpc.testing.ReconnectParams ) returns ( .grpc.testing.Empty );',
        '  rpc Stop ( .grpc.testing.Empty ) returns ( .grpc.testing.ReconnectInfo );',
        '}',
        'grpc.testing.TestService is a service:',
      ),
    );
  });

  it('says so when the schema has no services', () => {
    expect(describeAll(legacy)).toBe('The schema has no services.');
  });
});

describe('unknown symbols', () => {
  /** The SchemaError a describe call throws. */
  function failure(registry: FileRegistry, symbol: string): SchemaError {
    try {
      describeSymbol(registry, symbol);
    } catch (error) {
      if (error instanceof SchemaError) return error;
      throw error;
    }
    throw new Error(`describing ${symbol} did not fail`);
  }

  it('suggests the closest name for a typo', () => {
    const error = failure(interop, 'grpc.testing.TestServce');
    expect(error.message).toBe(
      'Symbol "grpc.testing.TestServce" not found: no service, method, message, enum, field or extension has that name.\n' +
        '  Did you mean grpc.testing.TestService?',
    );
  });

  it('finds fully qualified names for a name typed without its package', () => {
    expect(failure(interop, 'SimpleRequest').problems[0]?.hint).toBe(
      'Did you mean grpc.testing.SimpleRequest?',
    );
    expect(failure(interop, 'TestService/UnaryCal').problems[0]?.hint).toBe(
      'Did you mean grpc.testing.TestService.UnaryCall?',
    );
  });

  it('lists several candidates when more than one is close', () => {
    expect(failure(interop, 'UnimplementedCall').problems[0]?.hint).toBe(
      'Did you mean one of grpc.testing.TestService.UnimplementedCall, grpc.testing.UnimplementedService.UnimplementedCall?',
    );
  });

  it('explains the expected form when nothing is close', () => {
    expect(failure(interop, 'no.such.Thing').problems).toEqual([
      {
        message:
          'Symbol "no.such.Thing" not found: no service, method, message, enum, field or extension has that name.',
        hint: 'Names are fully qualified, like package.Service or package.Service/Method.',
      },
    ]);
  });
});
