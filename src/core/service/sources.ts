import { rm } from 'node:fs/promises';
import { ApiError } from '../../shared/api/errors';
import type { DroppedFile, MethodTemplate, PackedTypeNames, SourceState } from '../../shared/api/types';
import type { SchemaSource, ServiceInfo } from '../../shared/schema';
import type { MethodDocs } from '../../shared/docs';
import type { Schema } from '../schema/schema';
import { asDropped, droppedLabel, writeDroppedFiles } from './dropped-files';
import { unknownSource } from './failure';
import { methodTemplate, missingMethod, packedTypes, requestSchema } from './method-template';
import { methodDocs } from '../schema/method-docs';
import { loadSource, sourceLabel, type PrepareSource } from './source-load';
import type { TempArea } from './temp-area';

interface SourceEntry {
  state: SourceState;
  schema?: Schema;
  /** Method templates built so far, by method name as asked. */
  templates: Map<string, MethodTemplate>;
  /** The temporary folder holding dropped files, deleted with the source. */
  droppedFolder?: string;
  /** Whether the workspace's protodesk.json lists it (see `markSaved`). */
  saved: boolean;
}

/** The schema sources the page has added, by id, in the order added. */
export class SourceCatalog {
  private readonly entries = new Map<string, SourceEntry>();
  private next = 0;

  constructor(
    private readonly temp: TempArea,
    /** Adds a reflection source's credentials before it loads. */
    private readonly prepare?: PrepareSource,
  ) {}

  /** Every source's state, in the order added. */
  list(): SourceState[] {
    return [...this.entries.values()].map((e) => e.state);
  }

  /** Loads a new source; load problems end up in its state. */
  async add(source: SchemaSource, label = sourceLabel(source), droppedFolder?: string): Promise<SourceState> {
    this.next += 1;
    return this.load(`source-${this.next}`, source, label, droppedFolder);
  }

  /** Writes dropped files to a fresh temporary folder and loads it as a proto folder. */
  async addDropped(files: readonly DroppedFile[]): Promise<SourceState> {
    const folder = await this.temp.folder('dropped');
    try {
      await writeDroppedFiles(folder, files);
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
    return this.add({ kind: 'protoFolder', folder }, droppedLabel(files), folder);
  }

  /** Loads a source again, keeping its id and label. */
  async reload(id: string): Promise<SourceState> {
    const entry = this.entry(id);
    return this.load(id, entry.state.source, entry.state.label, entry.droppedFolder, true);
  }

  /** Forgets a source (and deletes its dropped files). */
  async remove(id: string): Promise<void> {
    const entry = this.entry(id);
    this.entries.delete(id);
    if (entry.droppedFolder) await rm(entry.droppedFolder, { recursive: true, force: true });
  }

  /**
   * Makes the saved sources (a workspace's protodesk.json) the loaded ones: sources equal to one of them stay loaded
   * with their ids (open tabs keep working), the others go, new ones load. Unsaved sources (dropped files, an import
   * that has not loaded yet) are not the workspace's, so they stay. `keepOthers`: saved sources not wanted stay loaded
   * as unsaved ones (for this session) instead of going; an unsaved one equal to a wanted source becomes saved.
   */
  async replaceSaved(sources: readonly SchemaSource[], keepOthers = false): Promise<void> {
    const wanted = sources.map((source) => JSON.stringify(source));
    const kept = new Set<string>();
    for (const [id, entry] of [...this.entries]) {
      const key = JSON.stringify(entry.state.source);
      if (entry.droppedFolder !== undefined) continue;
      if (wanted.includes(key) && !kept.has(key)) {
        kept.add(key);
        entry.saved = true;
      } else if (!entry.saved) continue;
      else if (keepOthers) entry.saved = false;
      else await this.remove(id);
    }
    for (const [index, source] of sources.entries()) {
      if (!kept.has(wanted[index] ?? '')) this.markSaved((await this.add(source)).id);
    }
  }

  /** Whether a source came from dropped files (those live in a temporary folder and are never saved). */
  isDropped(id: string): boolean {
    return this.entry(id).droppedFolder !== undefined;
  }

  /** Whether protodesk.json lists the source. */
  isSaved(id: string): boolean {
    return this.entry(id).saved;
  }

  /** Records that protodesk.json now lists the source. */
  markSaved(id: string): void {
    this.entry(id).saved = true;
  }

  /** The first loaded source that has a method (`package.Service/Method`), with the service declaring it. */
  findMethod(method: string): { source: SourceState; service: ServiceInfo } | undefined {
    const fullName = method.replace(/^\//, '').replace('/', '.');
    for (const source of this.list()) {
      const service = source.services.find((entry) => entry.methods.some((m) => m.fullName === fullName));
      if (service) return { source, service };
    }
    return undefined;
  }

  /** What a source was loaded from. */
  source(id: string): SchemaSource {
    return this.entry(id).state.source;
  }

  /** The loaded schema of a source; a failure when it did not load. */
  schema(id: string): Schema {
    const entry = this.entry(id);
    if (entry.schema) return entry.schema;
    throw new ApiError({
      kind: 'schema',
      message: `${entry.state.label} did not load, so its methods cannot be used.`,
      hint: 'Fix the problems shown for it, then reload it.',
      problems: entry.state.problems,
    });
  }

  /** The sample request and JSON Schema of a method of a loaded source, built once per source load. */
  template(id: string, method: string): MethodTemplate {
    const entry = this.entry(id);
    const cached = entry.templates.get(method);
    if (cached) return cached;
    const template = methodTemplate(this.schema(id), method);
    entry.templates.set(method, template);
    return template;
  }

  /** The Docs view's content for a method of a loaded source (comments, messages, enums). */
  docs(id: string, method: string): MethodDocs {
    const desc = this.schema(id).method(method);
    if (!desc) throw missingMethod(method);
    return methodDocs(desc);
  }

  /** The request JSON Schema of a method with the fields of the types its Any values name. */
  requestSchema(id: string, method: string, typeUrls: string[]): Record<string, unknown> {
    return requestSchema(this.schema(id), this.template(id, method), typeUrls);
  }

  /** Types an Any in a method's request may pack, matching `query`. */
  packedTypeNames(id: string, method: string, query: string): PackedTypeNames {
    return packedTypes(this.schema(id), method, query);
  }

  private entry(id: string): SourceEntry {
    const entry = this.entries.get(id);
    if (!entry) throw unknownSource();
    return entry;
  }

  private async load(
    id: string,
    source: SchemaSource,
    label: string,
    droppedFolder?: string,
    reloading = false,
  ): Promise<SourceState> {
    // The catalog serves a window or page: calls and requests keep flowing while a big schema compiles.
    const outcome = await loadSource(source, { offThread: true }, this.prepare);
    // Removed while it was reloading: stay removed.
    if (reloading && !this.entries.has(id)) throw unknownSource();
    const state: SourceState = {
      id,
      source,
      label,
      status: outcome.schema ? 'loaded' : 'failed',
      services: outcome.services,
      problems: droppedFolder
        ? outcome.problems.map((problem) => asDropped(problem, droppedFolder))
        : outcome.problems,
      loadedAt: new Date().toISOString(),
    };
    // Set (or replaced) in place, so a reloaded source keeps its position in the list.
    this.entries.set(id, {
      state,
      ...(outcome.schema ? { schema: outcome.schema } : {}),
      templates: new Map(),
      ...(droppedFolder ? { droppedFolder } : {}),
      saved: this.entries.get(id)?.saved ?? false,
    });
    return state;
  }
}
