import { basename } from 'node:path';
import type { SchemaProblem, SchemaSource, ServiceInfo } from '../../shared/schema';
import { loadSchema, type LoadOptions } from '../schema/load';
import type { Schema } from '../schema/schema';
import { engineFailure } from './failure';

/** A source after one load attempt: its schema, or the problems that kept it from loading. */
export interface LoadOutcome {
  schema?: Schema;
  services: ServiceInfo[];
  problems: SchemaProblem[];
}

/** What a source needs before it loads: its credentials (a reflection source's auth). */
export type PrepareSource = (source: SchemaSource) => Promise<SchemaSource>;

/**
 * Loads a source (`prepare`d first); never throws: every failure (schema problems, unreachable servers, a token that
 * could not be had, anything) becomes problems.
 */
export async function loadSource(
  source: SchemaSource,
  options?: LoadOptions,
  prepare: PrepareSource = (same) => Promise.resolve(same),
): Promise<LoadOutcome> {
  try {
    const schema = await loadSchema(await prepare(source), options);
    return { schema, services: schema.services(), problems: [] };
  } catch (error) {
    const failure = engineFailure(error);
    const problems = failure.problems ?? [
      { message: failure.message, ...(failure.hint ? { hint: failure.hint } : {}) },
    ];
    return { services: [], problems };
  }
}

/** The sidebar's name for a source: the file or folder name, or the server target. */
export function sourceLabel(source: SchemaSource): string {
  switch (source.kind) {
    case 'protoFiles': {
      const first = basename(source.files[0] ?? '');
      return source.files.length > 1 ? `${first} + ${source.files.length - 1} more` : first;
    }
    case 'protoFolder':
      return basename(source.folder) || source.folder;
    case 'descriptorSet':
      return basename(source.file);
    case 'reflection':
      return source.target;
  }
}
