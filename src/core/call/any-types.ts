import type { MetadataEntry, TlsSettings } from '../../shared/schema';
import { typeNameOfUrl } from '../schema/json';
import { reflectSymbols } from '../schema/reflection/reflect';
import type { Schema } from '../schema/schema';

/** Where a call goes, which is where its Any types are asked for. */
export interface LookupTarget {
  target: string;
  tls: TlsSettings;
  metadata: MetadataEntry[];
}

/** A lookup should not hold a call's messages for long: past this, the Anys show as type URL and bytes. */
const lookupTimeoutMs = 5_000;

/**
 * Finds the types of Anys a schema lacks by asking the server's reflection, with the call's own connection settings,
 * and remembers what it found per schema and target, so later calls to that target start with it.
 */
export class AnyTypeLookup {
  private readonly extended = new WeakMap<Schema, Map<string, Schema>>();

  /** `schema` with what earlier lookups against `target` found, or `schema` itself. */
  current(schema: Schema, target: string): Schema {
    return this.extended.get(schema)?.get(target) ?? schema;
  }

  /**
   * The current schema for (`schema`, `where.target`) plus the files that define `typeUrls`; undefined when the server
   * has none of them or cannot be asked (no reflection, unreachable, refused). Never rejects.
   */
  async resolve(schema: Schema, where: LookupTarget, typeUrls: string[]): Promise<Schema | undefined> {
    const current = this.current(schema, where.target);
    const wanted = [...new Set(typeUrls.map(typeNameOfUrl))].filter((name) => !current.message(name));
    if (wanted.length === 0) return current;
    try {
      const known = new Set(current.files.map((f) => f.name));
      const options = {
        target: where.target,
        tls: where.tls,
        metadata: where.metadata,
        timeoutMs: lookupTimeoutMs,
      };
      const files = await reflectSymbols(options, wanted, known);
      if (files.length === 0) return undefined;
      const next = current.withFiles(files, where.target);
      let byTarget = this.extended.get(schema);
      if (!byTarget) this.extended.set(schema, (byTarget = new Map()));
      byTarget.set(where.target, next);
      return next;
    } catch {
      // Whatever went wrong, the call goes on: unknown Anys show as their type URL and bytes.
      return undefined;
    }
  }
}
