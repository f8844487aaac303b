/**
 * The on-disk form of workspace files: JSON with `format` first, keys in a fixed order, 2-space indent and a trailing
 * newline, so the same value always gives the same bytes. Reading checks the contents with the same zod schemas that
 * check the page's payloads and migrates older formats; a newer format is refused.
 */
import type { z } from 'zod';
import { folderSettingsSchema } from '../../shared/api/auth-validation';
import {
  environmentFileSchema,
  savedRequestSchema,
  tlsProfileSchema,
  workspaceManifestSchema,
} from '../../shared/api/workspace-validation';
import { parseJsonBody } from '../../shared/json-body';
import {
  workspaceFormat,
  type EnvironmentFile,
  type FolderSettings,
  type SavedRequest,
  type TlsProfile,
  type WorkspaceManifest,
} from '../../shared/workspace';
import { WorkspaceFileError, WorkspaceFormatError } from './errors';
import { collectionBundleSchema, type CollectionBundle } from './files/bundle-schema';
import { conflictMarkerLine, describeIssue } from './files/describe-problem';
import { arrange, fileLayouts } from './files/layout';
import { describeJsonSyntax } from './json-syntax';

/** The values each kind of workspace file holds (without `format`). */
export interface WorkspaceFileValues {
  manifest: WorkspaceManifest;
  request: SavedRequest;
  environment: EnvironmentFile;
  folder: FolderSettings;
  tlsProfile: TlsProfile;
  bundle: CollectionBundle;
}

/** A kind of workspace file. */
export type WorkspaceFileKind = keyof WorkspaceFileValues;

const schemas: Record<WorkspaceFileKind, z.ZodType> = {
  manifest: workspaceManifestSchema,
  request: savedRequestSchema,
  environment: environmentFileSchema,
  folder: folderSettingsSchema,
  tlsProfile: tlsProfileSchema,
  bundle: collectionBundleSchema,
};

/** A file's contents (without `format`) as one format had them; the input and output of a migration. */
export type FileDocument = Record<string, unknown>;

/** Turns a document of format N into format N+1. */
export type Migration = (document: FileDocument, kind: WorkspaceFileKind) => FileDocument;

/** Migrations by the format they read (`[1]` turns format 1 into 2). None yet: format 1 is the first. */
export const workspaceMigrations: Readonly<Record<number, Migration>> = {};

/** Brings a document from format `from` up to `to`, one migration at a time. */
export function migrateDocument(
  document: FileDocument,
  kind: WorkspaceFileKind,
  from: number,
  to: number,
  migrations: Readonly<Record<number, Migration>> = workspaceMigrations,
): FileDocument {
  let current = document;
  for (let format = from; format < to; format++) {
    const migration = migrations[format];
    if (!migration)
      throw new Error(`No migration of workspace files from format ${format} to ${format + 1}.`);
    current = migration(current, kind);
  }
  return current;
}

/** How every file `encodeWorkspaceFile` writes starts (`format` is the first key, 2-space indent). */
export const encodedFilePrefix = '{\n  "format": ';

/** The file's text: `format` first, canonical key order, 2-space indent, trailing newline. */
export function encodeWorkspaceFile<K extends WorkspaceFileKind>(
  kind: K,
  value: WorkspaceFileValues[K],
): string {
  const checked = schemas[kind].safeParse(value);
  // Never write what could not be read back: the page's payloads are checked already, so this is a programming error.
  if (!checked.success)
    throw new TypeError(`Not a valid ${kind} file: ${describeIssues(checked.error.issues)}`);
  const document = arrange({ format: workspaceFormat, ...value }, fileLayouts[kind]);
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Reads a file's text (`path` names it in messages). Throws WorkspaceFileError for bad JSON (with line and column) or
 * contents that do not match (naming the field), and WorkspaceFormatError for a format newer than this version's.
 */
export function decodeWorkspaceFile<K extends WorkspaceFileKind>(
  kind: K,
  text: string,
  path: string,
): WorkspaceFileValues[K] {
  const { format, document } = parseDocument(text, path, kind);
  if (format > workspaceFormat) throw new WorkspaceFormatError(format, path, workspaceFormat);
  const checked = schemas[kind].safeParse(migrateDocument(document, kind, format, workspaceFormat));
  if (!checked.success) {
    throw new WorkspaceFileError(
      `${path} does not hold a valid ${describeKind[kind]}: ${describeIssues(checked.error.issues)}`,
      path,
      'Correct that field (or restore the file from git).',
    );
  }
  return checked.data as WorkspaceFileValues[K];
}

const describeKind: Record<WorkspaceFileKind, string> = {
  manifest: 'workspace manifest',
  request: 'saved request',
  environment: 'environment',
  folder: 'folder settings file',
  tlsProfile: 'TLS profile',
  bundle: 'collection bundle',
};

/** The JSON object and its format number; big integers are kept exact as strings (see parseJsonBody). */
function parseDocument(
  text: string,
  path: string,
  kind: WorkspaceFileKind,
): { format: number; document: FileDocument } {
  // Editors on Windows may start a UTF-8 file with a byte order mark; JSON.parse does not accept one.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = parseJsonBody(body);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const conflictLine = conflictMarkerLine(body);
    if (conflictLine !== undefined) {
      throw new WorkspaceFileError(
        `${path} (line ${conflictLine}): this file has unresolved git conflict markers.`,
        path,
        'Resolve the conflict in git (keep the right lines, remove the <<<<<<< ======= >>>>>>> lines, then git add ' +
          'the file). Protodesk leaves the file as it is.',
      );
    }
    throw new WorkspaceFileError(
      `${path} is not a valid ${describeKind[kind]}: it is not JSON (${describeJsonSyntax(body)}).`,
      path,
      'Fix the JSON at that position (or restore the file from git).',
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WorkspaceFileError(
      `${path} must hold a JSON object.`,
      path,
      'Restore the file from git, or delete it.',
    );
  }
  const { format, ...document } = parsed as FileDocument;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
    throw new WorkspaceFileError(
      `${path} does not hold a valid workspace file: format: expected a whole number such as ${workspaceFormat}.`,
      path,
      `Add "format": ${workspaceFormat} as the first field.`,
    );
  }
  return { format, document };
}

/** The first problem, and how many more there are. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `${first ? describeIssue(first) : 'invalid contents'}${more}`;
}
