/** The bundle file one collection is exported to and imported from. */
import { z } from 'zod';
import { folderSettingsSchema } from '../../../shared/api/auth-validation';
import { itemNameSchema, savedRequestSchema } from '../../../shared/api/workspace-validation';
import { folderSettingsFileName, type FolderSettings, type SavedRequest } from '../../../shared/workspace';

/**
 * A collection as one file: each request with its path inside the collection (`<folders…>/<name>`, no `.json`), and
 * each `_folder.json` by its folder's path inside the collection (`""`: the collection's own). No folder settings:
 * no `folders` key, so such a bundle reads as before folders were carried.
 */
export interface CollectionBundle {
  collection: string;
  folders?: { path: string; settings: FolderSettings }[];
  requests: { path: string; request: SavedRequest }[];
}

const plainNames = (path: string): boolean =>
  path.split('/').every((part) => itemNameSchema.safeParse(part).success);

const bundlePathSchema = z
  .string()
  .max(1024)
  .refine(plainNames, { message: 'A request path in a bundle is <folders…>/<name>, with plain names.' })
  .refine((path) => `${path.split('/').pop() ?? ''}.json` !== folderSettingsFileName, {
    message: `${folderSettingsFileName} holds its folder's settings: give the request another name.`,
  });

const bundleFolderSchema = z
  .string()
  .max(1024)
  .refine((path) => path === '' || plainNames(path), {
    message:
      'A folder path in a bundle is <folders…> inside the collection ("" for the collection), with plain names.',
  });

/** Adds an issue for each path that appeared before in the list. */
function uniquePaths(
  entries: readonly { path: string }[],
  key: 'folders' | 'requests',
  context: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  entries.forEach(({ path }, index) => {
    if (seen.has(path))
      context.addIssue({ code: 'custom', message: `${path} appears twice.`, path: [key, index, 'path'] });
    seen.add(path);
  });
}

/** Checks a bundle file's contents (without `format`); request paths and folder paths must be unique. */
export const collectionBundleSchema = z
  .strictObject({
    collection: itemNameSchema,
    folders: z
      .array(z.strictObject({ path: bundleFolderSchema, settings: folderSettingsSchema }))
      .max(10_000)
      .optional(),
    requests: z.array(z.strictObject({ path: bundlePathSchema, request: savedRequestSchema })).max(10_000),
  })
  .superRefine((bundle, context) => {
    uniquePaths(bundle.folders ?? [], 'folders', context);
    uniquePaths(bundle.requests, 'requests', context);
  });
