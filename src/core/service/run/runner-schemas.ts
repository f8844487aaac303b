import type { SchemaSource } from '../../../shared/schema';
import type { Schema } from '../../schema/schema';
import { loadSource, sourceLabel, type LoadOutcome } from '../source-load';

/**
 * The workspace's schema sources for a run: each is loaded the first time a request needs a method that the sources
 * before it lack, and at most once, so a run that never needs a slow or broken source does not pay for it.
 */
export class RunSchemas {
  private readonly loaded: Promise<LoadOutcome>[] = [];

  constructor(private readonly sources: readonly SchemaSource[]) {}

  /** The schema of the first source that has the method; throws an Error that names the sources and their problems. */
  async find(method: string): Promise<Schema> {
    return (await this.findSource(method)).schema;
  }

  /** As `find`, with the source the schema came from (an export names it). */
  async findSource(method: string): Promise<{ schema: Schema; source: SchemaSource }> {
    for (const [i, source] of this.sources.entries()) {
      const { schema } = await this.load(i);
      if (schema?.method(method)) return { schema, source };
    }
    throw new Error(await this.missing(method));
  }

  private load(index: number): Promise<LoadOutcome> {
    const source = this.sources[index];
    if (!source) throw new RangeError(`No source ${index}.`);
    this.loaded[index] ??= loadSource(source);
    return this.loaded[index];
  }

  /** Why no source serves a method: every source with what it offers or why it did not load. */
  private async missing(method: string): Promise<string> {
    if (this.sources.length === 0) {
      return `No schema source has ${method}: protodesk.json lists no sources. Add the protos (or a reflection target) in the app, or to protodesk.json.`;
    }
    const lines = await Promise.all(
      this.sources.map(async (source, index) => {
        const outcome = await this.load(index);
        const what =
          outcome.problems.length > 0
            ? `did not load: ${outcome.problems.map((problem) => problem.message).join('; ')}`
            : `services ${outcome.services.map((service) => service.fullName).join(', ') || 'none'}`;
        return `${sourceLabel(source)} (${what})`;
      }),
    );
    return `No schema source has ${method}. Sources: ${lines.join('; ')}.`;
  }
}
