/** The `files` domain: files on the engine's machine the page reads, writes, lists and chooses. */
import { z } from 'zod';
import { operation } from '../operation';
import type { DirectoryListing, FileAsBase64 } from '../types';
import { pathPurposeSchema, textSchema } from '../validation';

export const filesOperations = {
  /** Writes text to a file on the engine's machine (save response); in the app only where the user chose (PathAccess). */
  write: operation<void>()({ path: textSchema, text: z.string().max(512 * 1024 * 1024) }),
  /** Lists a folder on the engine's machine (the page's own path dialog); the home folder when absent. Refused in the app. */
  listDirectory: operation<DirectoryListing>()({ path: textSchema.optional() }),
  /**
   * Shows a native open/save dialog: chosen paths, [] when cancelled, null when there are no native dialogs. The paths
   * are the page's handles: the engine keeps the grant, and every operation given a path checks it (PathAccess).
   */
  choosePaths: operation<string[] | null>()({ purpose: pathPurposeSchema }),
  /** Reads a file the user chose as base64 for a bytes field; refused above `maxBytesFileSize`. */
  readBase64: operation<FileAsBase64>()({ path: textSchema }),
} as const;
