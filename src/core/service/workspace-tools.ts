import type { SchemaSource, TlsSettings } from '../../shared/schema';
import type { BloomRpcImport, SavedRequest, TlsHandshakeReport, TlsProfile } from '../../shared/workspace';
import { testTlsHandshake } from '../tls/handshake';
import { readBloomRpcState } from '../workspace/bloomrpc';
import { callAuthInput, effectiveAuth } from '../workspace/effective-auth';
import { WorkspaceConflictError } from '../workspace/errors';
import { SecretReferences } from '../workspace/grpcurl/secret-references';
import { formatGrpcurlCommand } from '../workspace/grpcurl/format-command';
import { profileTlsSettings } from '../workspace/tls-profile-settings';
import { resolveCallRequest } from '../workspace/variables';
import { tempPemWriter } from './temp-pem';
import { exportedAuthMetadata } from '../../shared/auth-export';
import { withEntries } from '../../shared/metadata-override';
import { resolveSavedRequest } from './use-cases/saved-request';
import { workspaceProfileTls } from './use-cases/tls-profile';
import type { SourceCatalog } from './sources';
import type { TempArea } from './temp-area';
import type { WorkspaceService } from './workspace-service';

/** Workspace operations that combine several engine parts: grpcurl export, TLS test connection, BloomRPC import. */
export class WorkspaceTools {
  constructor(
    private readonly workspace: WorkspaceService,
    private readonly sources: SourceCatalog,
    private readonly temp: TempArea,
  ) {}

  /**
   * A grpcurl command for a saved request: variables filled (secrets as shell references, so none reaches the page),
   * TLS flags from its profile, schema flags from its source.
   */
  async requestToGrpcurl(saved: SavedRequest, environment?: string, savedPath?: string): Promise<string> {
    const variables = await this.workspace.variables(environment);
    const effective = await effectiveAuth(
      await this.workspace.files(),
      callAuthInput({ savedPath, auth: saved.auth }, environment, variables.auth),
    );
    // The credential is read from the shell: `-H 'authorization: Bearer '"$ACCESS_TOKEN"`.
    const auth = exportedAuthMetadata(effective?.settings);
    const secrets = new Map([...variables.secrets, ...auth.secrets.map((name) => [name, ''] as const)]);
    const references = new SecretReferences();
    const { request: resolved } = await resolveSavedRequest(
      { ...saved, metadata: withEntries(saved.metadata, auth.metadata) },
      {
        profileTls: (name) => this.namedProfileTls(name),
        variables,
        environment,
        values: references.fill(variables.values, secrets),
      },
    );
    const source = this.grpcurlSource(saved.method);
    return references.expand(formatGrpcurlCommand({ request: resolved, ...(source ? { source } : {}) }));
  }

  /**
   * The schema flags grpcurl needs for a method: its source's files; for a folder, the one file declaring the service
   * with the folder as import path (grpcurl has no folder flag). None for reflection and dropped files (those live in
   * a temporary folder a shell cannot rely on): grpcurl then asks the server.
   */
  private grpcurlSource(method: string): SchemaSource | undefined {
    const found = this.sources.findMethod(method);
    if (!found || this.sources.isDropped(found.source.id)) return undefined;
    const { source } = found.source;
    if (source.kind === 'reflection') return undefined;
    if (source.kind !== 'protoFolder') return source;
    return {
      kind: 'protoFiles',
      files: [found.service.file],
      importPaths: [...(source.importPaths ?? []), source.folder],
    };
  }

  /** Connects to a target with a profile (variables filled from the environment) and reports the handshake. */
  async testTlsConnection(
    profile: TlsProfile,
    target: string,
    environment?: string,
  ): Promise<TlsHandshakeReport> {
    const variables = await this.workspace.variables(environment);
    const tls = await this.profileTls(profile);
    const resolved = resolveCallRequest(
      { target, tls, method: '', metadata: [], requests: [] },
      variables.values,
      environment,
    );
    return testTlsHandshake(resolved.target, resolved.tls);
  }

  /** Creates the environments and TLS profiles of BloomRPC's saved state; names already taken are skipped. */
  async importBloomRpc(file: string): Promise<BloomRpcImport> {
    const state = await readBloomRpcState(file);
    const files = await this.workspace.files();
    const result: BloomRpcImport = { environments: [], tlsProfiles: [], skipped: [...state.skipped] };
    const taken = (kind: string, name: string) =>
      `${kind} "${name}": one with that name exists already; rename it and import again.`;
    for (const { name, profile } of state.tlsProfiles) {
      try {
        await files.saveTlsProfile(name, profile, null, false);
        result.tlsProfiles.push(name);
      } catch (error) {
        if (!(error instanceof WorkspaceConflictError)) throw error;
        result.skipped.push(taken('TLS profile', name));
      }
    }
    for (const { name, file: environment } of state.environments) {
      try {
        await files.saveEnvironment(name, environment, null, false);
        result.environments.push(name);
      } catch (error) {
        if (!(error instanceof WorkspaceConflictError)) throw error;
        result.skipped.push(taken('Environment', name));
      }
    }
    return result;
  }

  /** A TLS profile of the open workspace, by name, as channel settings; throws TlsProfileError when unusable. */
  namedProfileTls(name: string): Promise<TlsSettings> {
    return workspaceProfileTls(() => this.workspace.files(), this.temp)(name);
  }

  /** A profile as channel settings; embedded PEM text is written to private temporary files. */
  async profileTls(profile: TlsProfile): Promise<TlsSettings> {
    return profileTlsSettings(profile, tempPemWriter(this.temp));
  }
}
