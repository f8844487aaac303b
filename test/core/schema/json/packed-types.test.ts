import { beforeAll, describe, expect, test } from 'vitest';
import { createFileRegistry, type FileRegistry } from '@bufbuild/protobuf';
import { packedTypeNames } from '../../../../src/core/schema/json/packed-types';
import { protoc } from '../../../helpers/protoc';
import { bundledDir, jsonFixtures } from './registries';

// "@type" completion: every message of the schema, the caller's package first, then its neighbours, then the rest.
let registry: FileRegistry;

beforeAll(async () => {
  registry = createFileRegistry(await protoc(['kitchen.proto', 'legacy.proto'], [jsonFixtures, bundledDir]));
});

describe('packedTypeNames', () => {
  test('lists the package asked about first, then the others, each group by name', () => {
    const { names, more } = packedTypeNames(registry, 'protodesk.test.json', '');
    expect(more).toBe(false);
    const own = names.filter((n) => n.startsWith('protodesk.test.json.'));
    expect(names.slice(0, own.length)).toEqual(own);
    expect(own).toEqual([...own].sort());
    expect(own).toContain('protodesk.test.json.KitchenSink.Nested');
    expect(names).toContain('google.protobuf.Duration');
    // Map entries are not messages a user can pack.
    expect(names.some((n) => n.endsWith('Entry'))).toBe(false);
  });

  test('a package sharing a longer prefix comes before one sharing less', () => {
    const { names } = packedTypeNames(registry, 'protodesk.test.other', '');
    const firstJson = names.findIndex((n) => n.startsWith('protodesk.test.'));
    const firstGoogle = names.findIndex((n) => n.startsWith('google.'));
    expect(firstJson).toBe(0);
    expect(firstGoogle).toBeGreaterThan(firstJson);
  });

  test('filters by any part of the name, ignoring case and a typed type URL prefix', () => {
    expect(
      packedTypeNames(registry, 'protodesk.test.json', 'type.googleapis.com/google.protobuf.dur').names,
    ).toEqual(['google.protobuf.Duration']);
    expect(packedTypeNames(registry, 'x', 'SCALARS').names).toEqual(['protodesk.test.json.Scalars']);
    expect(packedTypeNames(registry, 'x', 'no such type').names).toEqual([]);
  });

  test('answers at most the limit and says more matched', () => {
    const all = packedTypeNames(registry, 'protodesk.test.json', '').names;
    const capped = packedTypeNames(registry, 'protodesk.test.json', '', 3);
    expect(capped).toEqual({ names: all.slice(0, 3), more: true });
  });
});
