/** The `workspace` domain of the contract: the open workspace's requests, environments, collections and imports. */
import { resolve } from 'node:path';
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { EffectiveAuth } from '../../../shared/auth';
import type {
  BloomRpcImport,
  BringInReport,
  EnvironmentView,
  FolderSettings,
  GrpcurlImport,
  SavedRequest,
  VariableView,
  Versioned,
  WorkspaceNeedsConfirmation,
  WorkspaceState,
} from '../../../shared/workspace';
import { parseGrpcurlCommand } from '../../workspace/grpcurl/parse-command';
import { isFsError } from '../failure';
import { fileFailure } from '../file-failure';
import type { ServiceParts } from './parts';

/** Answers `workspace.*` operations. */
export class WorkspaceDomain implements DomainService<'workspace'> {
  constructor(private readonly parts: ServiceParts) {}

  async open({
    folder,
    create,
    keepSources,
  }: OperationInput<'workspace.open'>): Promise<WorkspaceState | WorkspaceNeedsConfirmation> {
    if (folder !== null) await this.parts.access.assertPicked(folder);
    const target = folder === null ? null : resolve(folder);
    return this.parts.workspace.open(target, create ?? false, keepSources ?? false);
  }

  async bringIn({ sources, tlsProfiles }: OperationInput<'workspace.bringIn'>): Promise<BringInReport> {
    return this.parts.workspace.bringIn({ sources, tlsProfiles });
  }

  async state(): Promise<WorkspaceState> {
    return this.parts.workspace.state();
  }

  async readRequest({ path }: OperationInput<'workspace.readRequest'>): Promise<Versioned<SavedRequest>> {
    return this.parts.workspace.readRequest(path);
  }

  async saveRequest({
    path,
    request,
    baseVersion,
    overwrite,
  }: OperationInput<'workspace.saveRequest'>): Promise<{ version: string }> {
    return this.parts.workspace.saveRequest(path, request, baseVersion, overwrite);
  }

  async deleteRequest({ path }: OperationInput<'workspace.deleteRequest'>): Promise<void> {
    await this.parts.workspace.deleteRequest(path);
  }

  async readFolderSettings({
    folder,
  }: OperationInput<'workspace.readFolderSettings'>): Promise<Versioned<FolderSettings> | null> {
    return (await this.parts.workspace.readFolderSettings(folder)) ?? null;
  }

  async saveFolderSettings({
    folder,
    settings,
    baseVersion,
  }: OperationInput<'workspace.saveFolderSettings'>): Promise<string> {
    return (await this.parts.workspace.saveFolderSettings(folder, settings, baseVersion)).version;
  }

  async effectiveAuth(
    context: OperationInput<'workspace.effectiveAuth'> = {},
  ): Promise<{ auth?: EffectiveAuth }> {
    const auth = await this.parts.workspace.effectiveAuth(context);
    return auth === undefined ? {} : { auth };
  }

  async readEnvironment({
    name,
  }: OperationInput<'workspace.readEnvironment'>): Promise<Versioned<EnvironmentView>> {
    return this.parts.workspace.readEnvironment(name);
  }

  async saveEnvironment({
    name,
    file,
    secrets,
    baseVersion,
    overwrite,
  }: OperationInput<'workspace.saveEnvironment'>): Promise<{ version: string }> {
    return this.parts.workspace.saveEnvironment(name, file, secrets, baseVersion, overwrite);
  }

  async deleteEnvironment({ name }: OperationInput<'workspace.deleteEnvironment'>): Promise<void> {
    await this.parts.workspace.deleteEnvironment(name);
  }

  async variableView({ environment }: OperationInput<'workspace.variableView'> = {}): Promise<VariableView> {
    return this.parts.workspace.variableView(environment);
  }

  async revealSecret({ environment, name }: OperationInput<'workspace.revealSecret'>): Promise<string> {
    return this.parts.workspace.revealSecret(environment, name);
  }

  async importBloomRpc({ file }: OperationInput<'workspace.importBloomRpc'>): Promise<BloomRpcImport> {
    await this.parts.access.assertPicked(file);
    return this.parts.tools.importBloomRpc(resolve(file));
  }

  async grpcurlToRequest({ command }: OperationInput<'workspace.grpcurlToRequest'>): Promise<GrpcurlImport> {
    return parseGrpcurlCommand(command);
  }

  async requestToGrpcurl({
    request,
    environment,
    savedPath,
  }: OperationInput<'workspace.requestToGrpcurl'>): Promise<string> {
    return this.parts.tools.requestToGrpcurl(request, environment, savedPath);
  }

  async exportCollection({
    collection,
    file,
  }: OperationInput<'workspace.exportCollection'>): Promise<{ count: number }> {
    const path = resolve(file);
    await this.parts.access.assertWritable(path);
    const files = await this.parts.workspace.files();
    try {
      return await files.exportCollection(collection, path);
    } catch (error) {
      throw isFsError(error) ? fileFailure(error, path, 'write') : error;
    }
  }

  async importCollection({
    file,
  }: OperationInput<'workspace.importCollection'>): Promise<{ collection: string; count: number }> {
    await this.parts.access.assertReadable(file);
    return (await this.parts.workspace.files()).importCollection(resolve(file));
  }
}
