import { join } from 'node:path';
import { SchemaError } from '../../schema/errors';
import type { Schema } from '../../schema/schema';
import type { SecretStore } from '../../workspace/secrets';
import { loadSource, sourceLabel } from '../source-load';
import { openSavedWorkspace } from './saved-workspace';

/** What a workspace's mock serves: the schema of all its sources and the stub files in its mocks/ folder. */
export interface WorkspaceMock {
  schema: Schema;
  /** `<workspace>/mocks`: one file per method, `<pkg.Service>/<Method>.json`. */
  stubsDir: string;
}

/** The folder of a workspace that holds its stub files. */
export const mocksFolder = 'mocks';

/**
 * The mock of the workspace at `folder` (`protodesk mock --workspace`, `protodesk run --mock`): the schema of every
 * source in its protodesk.json, merged, and its mocks/ folder. Throws RunSelectionError when the folder is no
 * workspace, SchemaError (each problem naming its source) when a source does not load or it has none.
 */
export async function workspaceMock(folder: string, secrets: SecretStore): Promise<WorkspaceMock> {
  const { files } = await openSavedWorkspace(folder, secrets, undefined);
  const { sources } = (await files.readManifest()).value;
  if (sources.length === 0) {
    throw new SchemaError([
      {
        message: `The workspace ${files.folder} has no schema sources to mock.`,
        hint: 'Add protos, a descriptor set or a reflection target in the app, or to its protodesk.json.',
      },
    ]);
  }
  const outcomes = await Promise.all(sources.map((source) => loadSource(source)));
  const problems = outcomes.flatMap((outcome, index) =>
    outcome.problems.map((problem) => ({
      ...problem,
      message: `${sourceLabel(sources[index]!)}: ${problem.message}`,
    })),
  );
  const schemas = outcomes.flatMap((outcome) => (outcome.schema ? [outcome.schema] : []));
  if (problems.length > 0 || schemas.length === 0) throw new SchemaError(problems);
  return { schema: mergedSchema(schemas, files.folder), stubsDir: join(files.folder, mocksFolder) };
}

/**
 * One schema of several sources' (at least one), for a mock of all of them: files two sources share (imports,
 * well-known types) are taken once. `where` names them in the message when they do not fit together.
 */
export function mergedSchema(schemas: Schema[], where: string): Schema {
  const [first, ...rest] = schemas;
  if (!first) throw new Error('mergedSchema needs at least one schema');
  return rest.reduce((merged, next) => merged.withFiles(next.files, where), first);
}
