import type { Schema } from '../core/service/entry/call';
import type { SchemaSource } from '../shared/schema';
import type { AuthFlags } from './auth-flags';
import { CliAuth } from './cli-auth';
import { loadFlagSchema } from './schema-load';
import { UsageError } from './usage-error';

/**
 * Loads the schema of `list`, `describe` and `protoset`: the auth flags' credentials on the reflection requests, and
 * what fails printed with their secrets hidden. Auth flags with --proto or --protoset are a usage error: nothing is
 * sent then.
 */
export async function loadAuthedSchema(
  source: SchemaSource,
  flags: AuthFlags,
  err: (text: string) => void,
): Promise<Schema> {
  const auth = CliAuth.fromFlags(flags, err);
  if (source.kind !== 'reflection' && auth.given)
    throw new UsageError(
      'The auth flags go with server reflection, and --proto/--protoset read the schema from files: nothing is sent.',
      'Drop the auth flags, or the --proto/--protoset flags to ask the server.',
    );
  return auth.guard(() => loadFlagSchema(source, (metadata) => auth.apply(metadata)), err);
}
