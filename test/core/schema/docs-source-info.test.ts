import { expect, test } from 'vitest';
import { docComment } from '../../../src/core/schema/docs';
import { kitchenRegistry, message } from './json/registries';

test('docComment reads leading and trailing comments from protoc source info, and nothing without it', async () => {
  const registry = await kitchenRegistry({ sourceInfo: true });
  const sink = message(registry, 'protodesk.test.json.KitchenSink');
  const scalars = message(registry, 'protodesk.test.json.Scalars');
  const service = registry.getService('protodesk.test.json.KitchenService');
  expect(docComment(sink, true)).toBe('Everything at once, as a request.');
  expect(docComment(message(registry, 'protodesk.test.json.KitchenSink.Nested'), true)).toBe(
    'A message declared inside another.',
  );
  expect(docComment(sink.oneofs[0]!, true)).toBe('Exactly one way to say who.');
  expect(docComment(scalars.field.fString!, true)).toBe('Any UTF-8 text.');
  expect(docComment(scalars.field.fDouble!, true)).toBe('');
  expect(docComment(registry.getEnum('protodesk.test.json.Priority')!.values[2]!, true)).toBe(
    'Wake someone up.',
  );
  expect(docComment(service!.methods[0]!, true)).toBe('Sends everything.');
  const bare = await kitchenRegistry();
  expect(docComment(message(bare, 'protodesk.test.json.KitchenSink'), true)).toBe('');
});
