import {
  buildMetadata,
  channelSecurity,
  effectiveTls,
  parseTarget,
  type Schema,
} from '../core/service/entry/call';
import { loadReflectedSchema } from '../core/service/entry/call-schema';
import type { MetadataEntry, SchemaSource } from '../shared/schema';

/** Puts auth on metadata (see CliAuth.apply). */
export type AddAuth = (metadata: MetadataEntry[]) => Promise<MetadataEntry[]>;

/**
 * Loads the schema the flags name. For reflection, a bad target, TLS file or header is checked first and throws
 * ConnectionError (a usage error, exit 2, as for `call`) rather than failing as a schema load (exit 1); then
 * `addAuth`, if given, puts the auth on the reflection requests.
 */
export async function loadFlagSchema(source: SchemaSource, addAuth?: AddAuth): Promise<Schema> {
  if (source.kind !== 'reflection') {
    // Loaded only for files: a schema by reflection never loads the .proto compiler.
    const { loadSchema } = await import('../core/service/entry/schema');
    return loadSchema(source);
  }
  await channelSecurity(effectiveTls(parseTarget(source.target), source.tls));
  buildMetadata(source.metadata ?? []);
  return loadReflectedSchema(
    addAuth ? { ...source, metadata: await addAuth(source.metadata ?? []) } : source,
  );
}
