/** The bundle file one collection is exported to and imported from. */
import { z } from 'zod';
import { itemNameSchema, savedRequestSchema } from '../../../shared/api/workspace-validation';
import type { SavedRequest } from '../../../shared/workspace';

/** A collection as one file: each request with its path inside the collection (`<folders…>/<name>`, no `.json`). */
export interface CollectionBundle {
  collection: string;
  requests: { path: string; request: SavedRequest }[];
}

const bundlePathSchema = z
  .string()
  .max(1024)
  .refine((path) => path.split('/').every((part) => itemNameSchema.safeParse(part).success), {
    message: 'A request path in a bundle is <folders…>/<name>, with plain names.',
  });

/** Checks a bundle file's contents (without `format`); request paths must be unique. */
export const collectionBundleSchema = z
  .strictObject({
    collection: itemNameSchema,
    requests: z.array(z.strictObject({ path: bundlePathSchema, request: savedRequestSchema })).max(10_000),
  })
  .superRefine((bundle, context) => {
    const seen = new Set<string>();
    bundle.requests.forEach(({ path }, index) => {
      if (seen.has(path))
        context.addIssue({
          code: 'custom',
          message: `${path} appears twice.`,
          path: ['requests', index, 'path'],
        });
      seen.add(path);
    });
  });
