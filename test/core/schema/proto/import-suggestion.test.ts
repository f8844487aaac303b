import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledProtoRoot } from '../../../../src/core/schema/bundled/root';
import type { SchemaError } from '../../../../src/core/schema/errors';
import { compileProtos } from '../../../../src/core/schema/proto/compile';
import { suggestImportPath } from '../../../../src/core/schema/proto/import-suggestion';

// A protoc-style project: proto/ is the import root of acme/…, third_party/ that of google/type/…; the user imports
// one file on its own, so its imports are looked up from its folder alone and are not found.
let project: string;
const files: Record<string, string> = {
  'proto/acme/orders/v1/orders.proto':
    'syntax = "proto3";\npackage acme.orders.v1;\nimport "acme/common/v1/money.proto";\nimport "google/type/date.proto";\n' +
    'message Order { acme.common.v1.Money total = 1; google.type.Date day = 2; }\n',
  'proto/acme/common/v1/money.proto':
    'syntax = "proto3";\npackage acme.common.v1;\nmessage Money { int64 units = 1; }\n',
  'third_party/google/type/date.proto':
    'syntax = "proto3";\npackage google.type;\nmessage Date { int32 year = 1; }\n',
};
const orders = (): string => join(project, 'proto/acme/orders/v1/orders.proto');

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'protodesk-imports-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(project, path)), { recursive: true });
    await writeFile(join(project, path), text);
  }
});
afterAll(() => rm(project, { recursive: true, force: true }));

describe('suggestImportPath', () => {
  it('finds the parent folder that is the import root of the missing file', async () => {
    expect(await suggestImportPath('acme/common/v1/money.proto', orders())).toBe(join(project, 'proto'));
  });

  it('finds a sibling folder of a parent (third_party) holding it', async () => {
    expect(await suggestImportPath('google/type/date.proto', orders())).toBe(join(project, 'third_party'));
  });

  it('suggests nothing when no folder near the file holds it', async () => {
    expect(await suggestImportPath('acme/billing/v1/invoice.proto', orders())).toBeUndefined();
  });
});

describe('the missing-import problem', () => {
  it('names the folder to add, and never the app’s own bundled path', async () => {
    const problems = await compileProtos({ files: [orders()], importPaths: [] }).then(
      () => [],
      (error: SchemaError) => error.problems,
    );
    const folder = join(project, 'proto/acme/orders/v1');
    expect(problems.map((problem) => problem.hint)).toEqual([
      `Searched: ${folder}, the bundled google/protobuf types. Add ${join(project, 'proto')} to the import paths: "acme/common/v1/money.proto" is there.`,
      `Searched: ${folder}, the bundled google/protobuf types. Add ${join(project, 'third_party')} to the import paths: "google/type/date.proto" is there.`,
    ]);
    expect(JSON.stringify(problems)).not.toContain(bundledProtoRoot());
  });

  it('goes away once the suggested folders are import paths', async () => {
    const schema = await compileProtos({
      files: [orders()],
      importPaths: [join(project, 'proto'), join(project, 'third_party')],
    });
    expect(schema).toBeTruthy();
  });
});
