/** The engine parts the domain services share: one set per EngineService, whichever client calls. */
import type { AppInfo, PathPurpose } from '../../../shared/api/types';
import type { AuthService } from '../auth-service';
import type { CallRegistry } from '../calls';
import type { LoadService } from '../load-service';
import type { MockService } from '../mock-service';
import type { NamedPaths } from '../named-paths';
import type { PathAccess } from '../path-access';
import type { SourceCatalog } from '../sources';
import type { TempArea } from '../temp-area';
import type { WorkspaceService } from '../workspace-service';
import type { WorkspaceTools } from '../workspace-tools';

/** What the domain services of one engine are built on. */
export interface ServiceParts {
  transport: AppInfo['transport'];
  version: string;
  /** Shows the platform's open/save dialog; absent in browser mode, where the page shows its own. */
  choosePaths?: (purpose: PathPurpose) => Promise<string[]>;
  temp: TempArea;
  sources: SourceCatalog;
  calls: CallRegistry;
  workspace: WorkspaceService;
  tools: WorkspaceTools;
  access: PathAccess;
  loads: LoadService;
  /** The mock servers: the engine's, whichever client started them. */
  mocks: MockService;
  /** The engine's tokens, for every client and use case. */
  auth: AuthService;
}

/** Throws unless the page may read each of `paths` (see PathAccess). */
export async function assertReadable(access: PathAccess, paths: NamedPaths): Promise<void> {
  for (const path of [...paths.files, ...paths.folders]) await access.assertReadable(path);
}
