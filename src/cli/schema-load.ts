import {
  buildMetadata,
  channelSecurity,
  effectiveTls,
  parseTarget,
  loadSchema,
  type Schema,
} from '../core/service/entry/call';
import type { SchemaSource } from '../shared/schema';

/**
 * Loads the schema the flags name. For reflection, a bad target, TLS file or header is checked first and throws
 * ConnectionError (a usage error, exit 2, as for `call`) rather than failing as a schema load (exit 1).
 */
export async function loadFlagSchema(source: SchemaSource): Promise<Schema> {
  if (source.kind === 'reflection') {
    await channelSecurity(effectiveTls(parseTarget(source.target), source.tls));
    buildMetadata(source.metadata ?? []);
  }
  return loadSchema(source);
}
