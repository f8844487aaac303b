import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The schemas the Python peer serves (server.py --schema), as listed in schemas.json. */
export type PySchema = 'pyservice' | 'editions2023' | 'editions2024';

/** The import path of every schema's .proto files. */
export const pyProtoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));

/** Each schema's .proto files, relative to pyProtoRoot (schemas.json, which codegen.py reads too; its `zoo` is only
 * for zoo_client.py, the mock's client). */
export const pySchemaFiles = JSON.parse(
  readFileSync(new URL('schemas.json', import.meta.url), 'utf8'),
) as Record<PySchema, string[]>;
