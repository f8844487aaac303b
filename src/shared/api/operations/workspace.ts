/** The `workspace` domain: a folder of plain JSON files (see src/shared/workspace.ts): requests, environments, collections. */
import { z } from 'zod';
import type { EffectiveAuth } from '../../auth';
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
} from '../../workspace';
import { authSettingsSchema, folderSettingsSchema } from '../auth-validation';
import { operation } from '../operation';
import { schemaSourceSchema, textSchema } from '../validation';
import {
  baseVersionSchema,
  environmentFileSchema,
  folderPathSchema,
  itemNameSchema,
  requestPathSchema,
  savedRequestSchema,
  secretChangesSchema,
  variableNameSchema,
} from '../workspace-validation';

export const workspaceOperations = {
  /**
   * Opens a folder as the workspace (a missing or empty one becomes one), or the default workspace in the app's data
   * folder for null. A folder holding files but no protodesk.json answers `needsConfirmation` and nothing is written;
   * with `create: true` (the person confirmed) only its protodesk.json is created. `keepSources: true`: the schema
   * sources loaded now stay loaded for this session, saved in neither workspace.
   */
  open: operation<WorkspaceState | WorkspaceNeedsConfirmation>()({
    folder: textSchema.nullable(),
    create: z.boolean().optional(),
    keepSources: z.boolean().optional(),
  }),
  /**
   * Copies schema sources (as the workspace left listed them) and TLS profiles (by name) of the workspace open before
   * the last switch into the open one; the one left is only read, and nothing in the open one is overwritten.
   */
  bringIn: operation<BringInReport>()({
    sources: z.array(schemaSourceSchema).max(1_000),
    tlsProfiles: z.array(itemNameSchema).max(1_000),
  }),
  /** The open workspace as it is on disk now. */
  state: operation<WorkspaceState>()({}),
  readRequest: operation<Versioned<SavedRequest>>()({ path: requestPathSchema }),
  /**
   * Saves a request atomically. `baseVersion` is the version read (null for a new file): when the file changed on disk
   * since, this fails with kind `conflict` unless `overwrite` is true.
   */
  saveRequest: operation<{ version: string }>()({
    path: requestPathSchema,
    request: savedRequestSchema,
    baseVersion: baseVersionSchema,
    overwrite: z.boolean(),
  }),
  deleteRequest: operation<void>()({ path: requestPathSchema }),
  /**
   * A folder's settings (`<folder>/_folder.json`; `folder` is `collections/<collection>/<folders…>`, a collection's
   * own for `collections/<collection>`); null when it has no file yet.
   */
  readFolderSettings: operation<Versioned<FolderSettings> | null>()({ folder: folderPathSchema }),
  /**
   * Saves a folder's settings atomically; answers the new version. `baseVersion` is the version read (null: no file
   * yet); when the file changed on disk since, this fails with kind `conflict` (read it again, then save).
   */
  saveFolderSettings: operation<string>()({
    folder: folderPathSchema,
    settings: folderSettingsSchema,
    baseVersion: baseVersionSchema,
  }),
  /**
   * The auth a call would use and where it is set ("Inherited from the collection X"): `auth` (the tab's own), else
   * the nearest `_folder.json` above `savedPath`, else the environment's. Absent `auth` in the answer: none is set.
   * Settings as saved, `{{variables}}` unfilled.
   */
  effectiveAuth: operation<{ auth?: EffectiveAuth }>()({
    savedPath: requestPathSchema.optional(),
    auth: authSettingsSchema.optional(),
    environment: itemNameSchema.optional(),
  }),
  readEnvironment: operation<Versioned<EnvironmentView>>()({ name: itemNameSchema }),
  /** Saves an environment; secret values go to the keychain (or the local secrets file), never into the file. */
  saveEnvironment: operation<{ version: string }>()({
    name: itemNameSchema,
    file: environmentFileSchema,
    secrets: secretChangesSchema,
    baseVersion: baseVersionSchema,
    overwrite: z.boolean(),
  }),
  deleteEnvironment: operation<void>()({ name: itemNameSchema }),
  /** What `{{name}}` would be filled with in an environment (none: only captured values), secret values left out. */
  variableView: operation<VariableView>()({ environment: itemNameSchema.optional() }),
  /** One secret's stored value, only when the person clicked "Reveal": the only way a secret value reaches the page. */
  revealSecret: operation<string>()({ environment: itemNameSchema, name: variableNameSchema }),
  /** Imports BloomRPC's environments and TLS entries from its app-data folder, or its `environments.json` / `tls.json`. */
  importBloomRpc: operation<BloomRpcImport>()({ file: textSchema }),
  /** Builds a request from a pasted grpcurl command line. */
  grpcurlToRequest: operation<GrpcurlImport>()({ command: textSchema }),
  /**
   * A grpcurl command that makes the same call (variables filled from the environment, secrets as shell references
   * such as `"$TOKEN"`; schema flags from the workspace).
   */
  requestToGrpcurl: operation<string>()({
    request: savedRequestSchema,
    environment: itemNameSchema.optional(),
    /** Where the request is saved: its folders' auth applies when it has none of its own. */
    savedPath: requestPathSchema.optional(),
  }),
  /** Writes one collection as a single bundle file; answers how many requests it holds. */
  exportCollection: operation<{ count: number }>()({ collection: itemNameSchema, file: textSchema }),
  /** Adds the requests of a bundle file as a collection (renamed when the name is taken). */
  importCollection: operation<{ collection: string; count: number }>()({ file: textSchema }),
} as const;
