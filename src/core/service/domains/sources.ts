/** The `sources` domain of the contract: schema sources, saved in the workspace once loaded, and what they describe. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { MethodTemplate, PackedTypeNames, SourceState } from '../../../shared/api/types';
import type { MethodDocs } from '../../../shared/docs';
import { sourcePaths } from '../named-paths';
import { assertReadable, type ServiceParts } from './parts';

/** Answers `sources.*` operations. */
export class SourcesDomain implements DomainService<'sources'> {
  constructor(private readonly parts: ServiceParts) {}

  async list(): Promise<SourceState[]> {
    await this.parts.workspace.files(); // the workspace's sources load first
    return this.parts.sources.list();
  }

  /** Loads a source; once it has loaded it is saved in the workspace's protodesk.json (a failed attempt writes nothing). */
  async add({ source }: OperationInput<'sources.add'>): Promise<SourceState> {
    await this.parts.workspace.files();
    await assertReadable(this.parts.access, sourcePaths(source));
    const state = await this.parts.sources.add(source);
    await this.saveLoaded(state);
    return state;
  }

  async addDropped({ files }: OperationInput<'sources.addDropped'>): Promise<SourceState> {
    return this.parts.sources.addDropped(files);
  }

  async reload({ sourceId }: OperationInput<'sources.reload'>): Promise<SourceState> {
    const state = await this.parts.sources.reload(sourceId);
    await this.saveLoaded(state);
    return state;
  }

  async remove({ sourceId }: OperationInput<'sources.remove'>): Promise<void> {
    const { sources, workspace } = this.parts;
    const [state] = sources.list().filter((entry) => entry.id === sourceId);
    const saved = state !== undefined && sources.isSaved(sourceId);
    await sources.remove(sourceId);
    if (saved) await workspace.sourceRemoved(state.source);
  }

  async methodTemplate({
    sourceId,
    method,
  }: OperationInput<'sources.methodTemplate'>): Promise<MethodTemplate> {
    return this.parts.sources.template(sourceId, method);
  }

  async methodDocs({ sourceId, method }: OperationInput<'sources.methodDocs'>): Promise<MethodDocs> {
    return this.parts.sources.docs(sourceId, method);
  }

  async packedTypeNames({
    sourceId,
    method,
    query,
  }: OperationInput<'sources.packedTypeNames'>): Promise<PackedTypeNames> {
    return this.parts.sources.packedTypeNames(sourceId, method, query);
  }

  async requestSchema({
    sourceId,
    method,
    typeUrls,
  }: OperationInput<'sources.requestSchema'>): Promise<Record<string, unknown>> {
    return this.parts.sources.requestSchema(sourceId, method, typeUrls);
  }

  /**
   * Saves a source in protodesk.json the first time it loads. An import that failed is not saved, so cancelling it
   * leaves the workspace as it was; dropped files live in a temporary folder and are never saved.
   */
  private async saveLoaded(state: SourceState): Promise<void> {
    const { sources, workspace } = this.parts;
    const { id } = state;
    if (state.status !== 'loaded' || sources.isSaved(id) || sources.isDropped(id)) return;
    await workspace.sourceAdded(state.source);
    sources.markSaved(id);
  }
}
