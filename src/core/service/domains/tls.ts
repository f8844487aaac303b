/** The `tls` domain of the contract: TLS profiles, checked only against files the page may read. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { TlsHandshakeReport, TlsProfile, TlsProfileReport, Versioned } from '../../../shared/workspace';
import { checkTlsProfile } from '../../tls/profile-report';
import { tlsFiles } from '../named-paths';
import { assertReadable, type ServiceParts } from './parts';

/** Answers `tls.*` operations. */
export class TlsDomain implements DomainService<'tls'> {
  constructor(private readonly parts: ServiceParts) {}

  async readProfile({ name }: OperationInput<'tls.readProfile'>): Promise<Versioned<TlsProfile>> {
    return this.parts.workspace.readTlsProfile(name);
  }

  async saveProfile({
    name,
    profile,
    baseVersion,
    overwrite,
  }: OperationInput<'tls.saveProfile'>): Promise<{ version: string }> {
    // A saved profile names its files for good (see PathAccess): only files the page may read already.
    await this.assertFilesReadable(profile);
    return this.parts.workspace.saveTlsProfile(name, profile, baseVersion, overwrite);
  }

  async deleteProfile({ name }: OperationInput<'tls.deleteProfile'>): Promise<void> {
    await this.parts.workspace.deleteTlsProfile(name);
  }

  async check({ profile }: OperationInput<'tls.check'>): Promise<TlsProfileReport> {
    await this.assertFilesReadable(profile);
    return checkTlsProfile(profile);
  }

  async testConnection({
    profile,
    target,
    environment,
  }: OperationInput<'tls.testConnection'>): Promise<TlsHandshakeReport> {
    await this.assertFilesReadable(profile);
    return this.parts.tools.testTlsConnection(profile, target, environment);
  }

  private assertFilesReadable(profile: TlsProfile): Promise<void> {
    return assertReadable(this.parts.access, { files: tlsFiles(profile), folders: [] });
  }
}
