import { createFileRegistry, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { docComment } from '../../../src/core/schema/docs';
import { protoc } from '../../helpers/protoc';

const fixtures = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
const bundled = fileURLToPath(new URL('../../../src/core/schema/bundled/protos', import.meta.url));

let shapes: FileRegistry;
let legacy: FileRegistry;

beforeAll(async () => {
  [shapes, legacy] = await Promise.all([
    protoc(['describe/shapes.proto'], [fixtures, bundled], { sourceInfo: true }).then(createFileRegistry),
    protoc(['describe/legacy.proto'], [fixtures], { sourceInfo: true }).then(createFileRegistry),
  ]);
});

/** A message that must exist in the registry. */
function message(registry: FileRegistry, name: string): DescMessage {
  const desc = registry.getMessage(name);
  if (!desc) throw new Error(`no message ${name}`);
  return desc;
}

describe('docComment', () => {
  it('reads leading comments of services, methods, messages, fields, oneofs, enums and values', () => {
    const service = shapes.getService('describe.shapes.ShapeService');
    expect(service && docComment(service)).toBe('Keeps track of shapes.');
    expect(service && docComment(service.method['draw']!)).toBe('Draws one shape.');
    const shape = message(shapes, 'describe.shapes.Shape');
    expect(docComment(shape)).toBe('A shape on the canvas.');
    expect(docComment(shape.field['labels']!)).toBe('Labels shown next to the shape.');
    expect(docComment(shape.oneofs[0]!)).toBe('Exactly one geometry.');
    expect(docComment(shape.nestedEnums[0]!)).toBe('Which kind of shape this is.');
  });

  it('counts map entries when locating nested elements, and ignores trailing comments', () => {
    const layer = message(shapes, 'describe.shapes.Canvas.Layer');
    expect(docComment(layer)).toBe(
      'A named group of shapes, declared after a map field (so after its synthetic entry type).',
    );
    const shape = message(shapes, 'describe.shapes.Shape');
    const round = shape.nestedEnums[0]!.values.find((v) => v.name === 'ROUND')!;
    expect(docComment(round)).toBe('');
  });

  it('reads comments of groups, extensions and files with none', () => {
    const order = message(legacy, 'describe.legacy.Order');
    expect(docComment(order.nestedMessages.find((m) => m.name === 'Line')!)).toBe('A group, the proto2 way.');
    expect(docComment(legacy.getExtension('describe.legacy.placed_by')!)).toBe('Who placed it.');
    expect(docComment(order.file)).toBe('');
    expect(docComment(order.field['id']!)).toBe('');
  });

  it('keeps line breaks of multi-line comments without the space protoc leaves after //', async () => {
    const interop = createFileRegistry(
      await protoc(['grpc/testing/test.proto'], [fixtures], { sourceInfo: true }),
    );
    const method = interop.getService('grpc.testing.TestService')?.method['halfDuplexCall'];
    expect(method && docComment(method)).toBe(
      'A sequence of requests followed by a sequence of responses.\n' +
        'The server buffers all the client requests and then serves them in order. A\n' +
        'stream of responses are returned to the client when the server starts with\n' +
        'first request.',
    );
  });
});
