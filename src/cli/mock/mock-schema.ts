import type { Schema } from '../../core/service/entry/call';
import { workspaceMock } from '../../core/service/entry/mock';
import { dataFolderSecrets } from '../../core/service/use-cases/data-folder';
import type { CliAuth } from '../cli-auth';
import { loadFlagSchema } from '../schema-load';
import { selectionUsageError } from '../selection-error';
import type { MockPlan } from './mock-flags';

/** The schema to serve and the stubs folder: the flags' schema and --stubs, or a workspace's sources and mocks/. */
export async function mockSchema(
  plan: MockPlan,
  auth: CliAuth,
): Promise<{ schema: Schema; stubsDir?: string }> {
  if (plan.schema.kind === 'source') {
    // Reflection on the upstream takes the same credential as the calls passed to it.
    const schema = await loadFlagSchema(
      plan.schema.source,
      auth.given ? (metadata) => auth.apply(metadata) : undefined,
    );
    return plan.stubsDir === undefined ? { schema } : { schema, stubsDir: plan.stubsDir };
  }
  const workspace = await workspaceMock(plan.schema.folder, dataFolderSecrets()).catch((error: unknown) => {
    throw selectionUsageError(error);
  });
  return { schema: workspace.schema, stubsDir: plan.stubsDir ?? workspace.stubsDir };
}
