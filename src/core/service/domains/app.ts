/** The `app` domain of the contract: what the page learns about the engine. */
import { homedir } from 'node:os';
import type { DomainService } from '../../../shared/api/contract';
import type { AppInfo } from '../../../shared/api/types';
import type { ServiceParts } from './parts';

/** Answers `app.*` operations. */
export class AppDomain implements DomainService<'app'> {
  constructor(private readonly parts: ServiceParts) {}

  async info(): Promise<AppInfo> {
    return {
      version: this.parts.version,
      transport: this.parts.transport,
      platform: process.platform,
      homeDir: homedir(),
      cwd: process.cwd(),
      nativeDialogs: this.parts.choosePaths !== undefined,
    };
  }
}
