import { expect, test } from 'vitest';
import { protoComments } from '../../../../src/core/schema/json/proto-comments';
import { kitchenRegistry, message } from './registries';

test('protoComments reads leading and trailing comments from protoc source info, and nothing without it', async () => {
  const registry = await kitchenRegistry({ sourceInfo: true });
  const sink = message(registry, 'protodesk.test.json.KitchenSink');
  const scalars = message(registry, 'protodesk.test.json.Scalars');
  const service = registry.getService('protodesk.test.json.KitchenService');
  expect(protoComments(sink)).toBe('Everything at once, as a request.');
  expect(protoComments(message(registry, 'protodesk.test.json.KitchenSink.Nested'))).toBe(
    'A message declared inside another.',
  );
  expect(protoComments(sink.oneofs[0]!)).toBe('Exactly one way to say who.');
  expect(protoComments(scalars.field.fString!)).toBe('Any UTF-8 text.');
  expect(protoComments(scalars.field.fDouble!)).toBeUndefined();
  expect(protoComments(registry.getEnum('protodesk.test.json.Priority')!.values[2]!)).toBe(
    'Wake someone up.',
  );
  expect(protoComments(service!.methods[0]!)).toBe('Sends everything.');
  const bare = await kitchenRegistry();
  expect(protoComments(message(bare, 'protodesk.test.json.KitchenSink'))).toBeUndefined();
});
