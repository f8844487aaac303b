import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import { expectSameAsProtoc } from './same-as-protoc';

const fixtures = join(import.meta.dirname, '../../../fixtures/protos');

async function protoFiles(root: string, under = ''): Promise<string[]> {
  const entries = await readdir(join(root, under), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.proto'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

describe('compileProtos equals protoc', () => {
  it('compiles grpc interop protos like protoc', async () => {
    await expectSameAsProtoc(
      ['grpc/testing/test.proto', 'grpc/testing/messages.proto', 'grpc/testing/empty.proto'],
      [fixtures],
    );
  });

  it('compiles every protodesk fixture like protoc', async () => {
    const names = await protoFiles(fixtures, 'protodesk');
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) await expectSameAsProtoc([name], [fixtures]);
  });

  it('compiles every bundled proto like protoc', async () => {
    const root = bundledProtoRoot();
    for (const name of await protoFiles(root)) await expectSameAsProtoc([name], [root]);
  });
});
