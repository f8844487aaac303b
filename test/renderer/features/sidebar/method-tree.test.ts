import { describe, expect, it } from 'vitest';
import {
  buildTree,
  serviceKey,
  sourceKey,
  visibleNodes,
} from '../../../../src/renderer/features/sidebar/method-tree';
import type { TreeNode } from '../../../../src/renderer/features/sidebar/method-tree';
import { largeSource, loaded, service, testSource } from './sources';

const byDefault = (_key: string, value: boolean): boolean => value;
const names = (rows: TreeNode[]): string[] =>
  rows.map((row) =>
    row.type === 'source' ? row.source.label : row.type === 'service' ? row.service.name : row.method.name,
  );

describe('method tree', () => {
  it('gives services that share a name (reflection v1 and v1alpha) their package, and no one else', () => {
    const source = loaded('r', '127.0.0.1:50051', [
      service('grpc.reflection.v1.ServerReflection', [['ServerReflectionInfo', 'bidi']]),
      service('grpc.reflection.v1alpha.ServerReflection', [['ServerReflectionInfo', 'bidi']]),
      service('grpc.health.v1.Health', [['Check', 'unary']]),
    ]);
    const services = buildTree([source], '', byDefault)[0]?.children ?? [];
    expect(services.map((node) => node.qualifier)).toEqual([
      'grpc.reflection.v1',
      'grpc.reflection.v1alpha',
      undefined,
    ]);
  });

  it('shows sources, services and methods expanded for small schemas', () => {
    const rows = visibleNodes(buildTree([testSource()], '', byDefault));
    expect(names(rows)).toEqual([
      'test.proto',
      'TestService',
      'EmptyCall',
      'UnaryCall',
      'StreamingOutputCall',
      'StreamingInputCall',
      'FullDuplexCall',
      'Health',
      'Check',
      'Watch',
    ]);
    expect(rows.map((row) => row.level)).toEqual([1, 2, 3, 3, 3, 3, 3, 2, 3, 3]);
  });

  it('collapses services of a source with more than 200 methods and builds no hidden nodes', () => {
    const tree = buildTree([largeSource('big', 201), testSource()], '', byDefault);
    const big = tree[0];
    expect(big?.children[0]?.expanded).toBe(false);
    expect(big?.children[0]?.children).toEqual([]);
    expect(visibleNodes(tree).filter((row) => row.type === 'method')).toHaveLength(7);
    expect(buildTree([largeSource('ok', 200)], '', byDefault)[0]?.children[0]?.expanded).toBe(true);
  });

  it('applies the user’s toggles over the defaults', () => {
    const source = testSource();
    const toggles = new Map([[serviceKey('s1', 'grpc.testing.TestService'), false]]);
    const rows = visibleNodes(buildTree([source], '', (key, value) => toggles.get(key) ?? value));
    expect(names(rows)).toEqual(['test.proto', 'TestService', 'Health', 'Check', 'Watch']);
    const closed = visibleNodes(
      buildTree([source], '', (key, value) => (key === sourceKey('s1') ? false : value)),
    );
    expect(names(closed)).toEqual(['test.proto']);
  });

  it('filters case-insensitively over method and service names, keeping parents', () => {
    expect(names(visibleNodes(buildTree([testSource()], 'STREAMING', byDefault)))).toEqual([
      'test.proto',
      'TestService',
      'StreamingOutputCall',
      'StreamingInputCall',
    ]);
    expect(names(visibleNodes(buildTree([testSource()], 'health', byDefault)))).toEqual([
      'test.proto',
      'Health',
      'Check',
      'Watch',
    ]);
    expect(buildTree([testSource()], 'nothing like it', byDefault)).toEqual([]);
  });

  it('expands matches even in a large source', () => {
    const rows = visibleNodes(buildTree([largeSource('big', 500)], 'method499', byDefault));
    expect(names(rows)).toEqual(['big.proto', 'BigService', 'Method499']);
  });
});
