/** Auth on a reflection source: its credential added to the reflection requests' metadata, never saved with it. */
import type { SchemaSource } from '../../../shared/schema';
import type { Authorizer } from '../../auth/authorizer';
import type { EnvironmentVariables } from '../../workspace/environment-variables';
import { applyAuth } from './authorize';

/**
 * The source as it is loaded: a reflection source with auth gets the credential's metadata (its `{{variables}}`
 * filled from the source's environment); any other source as it is.
 */
export async function sourceWithAuth(
  source: SchemaSource,
  authorizer: Authorizer,
  variables: (environment: string | undefined) => Promise<Pick<EnvironmentVariables, 'values'>>,
): Promise<SchemaSource> {
  if (source.kind !== 'reflection' || source.auth === undefined) return source;
  const { values } = await variables(source.environment);
  const applied = await applyAuth(
    authorizer,
    source.metadata ?? [],
    { settings: source.auth, from: { kind: 'source', target: source.target } },
    values,
    source.environment,
  );
  return { ...source, metadata: applied.metadata };
}
