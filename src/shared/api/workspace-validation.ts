/**
 * Runtime schemas of workspace data. The same schemas check what the page sends and what the engine reads from
 * workspace files, so a file a person edited by hand is held to exactly the rules the app writes by.
 */
import { z } from 'zod';
import { maxDurationMs } from '../call';
import { isGrpcStatusName, unknownStatusMessage } from '../grpc-status';
import { folderSettingsFileName } from '../workspace';
import { authSettingsSchema } from './auth-validation';
import { callProtocolSchema, metadataEntrySchema, schemaSourceSchema } from './validation';

const text = z.string().max(64 * 1024);

/** A name that is safe as one file or folder name on every platform: no separators, no leading dot, no reserved characters. */
export const itemNameSchema = z
  .string()
  .min(1)
  .max(100)
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
  .regex(/^[^./\\:*?"<>|\u0000-\u001f][^/\\:*?"<>|\u0000-\u001f]*$/, {
    message: 'Use a name without / \\ : * ? " < > | and not starting with a dot.',
  })
  .refine((name) => name.trim() === name, { message: 'Remove spaces at the start and end of the name.' });

/** A saved request's workspace-relative path: `collections/<collection>/<folder…>/<name>.json`. */
export const requestPathSchema = z
  .string()
  .max(1024)
  .refine(
    (path) => {
      const parts = path.split('/');
      const file = parts[parts.length - 1] ?? '';
      return (
        parts.length >= 3 &&
        parts[0] === 'collections' &&
        file.endsWith('.json') &&
        [...parts.slice(1, -1), file.slice(0, -'.json'.length)].every(
          (part) => itemNameSchema.safeParse(part).success,
        )
      );
    },
    { message: 'A request path is collections/<collection>/<folders…>/<name>.json, with plain names.' },
  )
  .refine((path) => path.split('/').pop() !== folderSettingsFileName, {
    message: `${folderSettingsFileName} holds its folder's settings: give the request another name.`,
  });

/** A folder of requests, or a collection's own folder: `collections/<collection>/<folder…>`. */
export const folderPathSchema = z
  .string()
  .max(1024)
  .refine(
    (path) => {
      const [top, ...names] = path.split('/');
      return (
        top === 'collections' &&
        names.length >= 1 &&
        names.every((part) => itemNameSchema.safeParse(part).success)
      );
    },
    { message: 'A folder is collections/<collection>/<folders…>, with plain names.' },
  );

const savedOptionsSchema = z.strictObject({
  deadlineMs: z.number().int().positive().max(maxDurationMs).optional(),
  emitDefaults: z.boolean().optional(),
  gzip: z.boolean().optional(),
  http2: z.boolean().optional(),
});

/** A variable's name, as `{{name}}` refers to it. */
export const variableNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/, {
  message: 'Variable names are letters, digits, _ . - and start with a letter or _.',
});

export const captureSchema = z.discriminatedUnion('from', [
  z.strictObject({ variable: variableNameSchema, from: z.literal('body'), path: text }),
  z.strictObject({ variable: variableNameSchema, from: z.enum(['header', 'trailer']), name: text }),
]);

export const assertionsSchema = z.strictObject({
  status: z
    .string()
    .refine(isGrpcStatusName, { error: (issue) => unknownStatusMessage(String(issue.input)) })
    .optional(),
  contains: z.json().optional(),
  maxLatencyMs: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

export const savedRequestSchema = z.strictObject({
  method: text.min(1),
  target: text,
  tlsProfile: itemNameSchema.optional(),
  protocol: callProtocolSchema.optional(),
  metadata: z.array(metadataEntrySchema).max(1_000),
  body: z.json(),
  options: savedOptionsSchema.optional(),
  captures: z.array(captureSchema).max(100).optional(),
  assertions: assertionsSchema.optional(),
  auth: authSettingsSchema.optional(),
});

export const environmentFileSchema = z.strictObject({
  variables: z.record(variableNameSchema, text),
  secrets: z.array(variableNameSchema).max(1_000),
  tlsProfile: itemNameSchema.optional(),
  protocol: callProtocolSchema.optional(),
  auth: authSettingsSchema.optional(),
});

export const tlsProfileSchema = z.strictObject({
  mode: z.enum(['plaintext', 'systemRoots', 'customCa', 'mutual', 'insecure']),
  caFiles: z.array(text).max(100).optional(),
  caPem: z
    .string()
    .max(1024 * 1024)
    .optional(),
  certFile: text.optional(),
  certPem: z
    .string()
    .max(1024 * 1024)
    .optional(),
  keyFile: text.optional(),
  serverName: text.optional(),
});

export const workspaceManifestSchema = z.strictObject({
  sources: z.array(schemaSourceSchema).max(1_000),
});

export const callContextSchema = z.strictObject({
  environment: itemNameSchema.optional(),
  tlsProfile: itemNameSchema.optional(),
  savedPath: requestPathSchema.optional(),
  captures: z.array(captureSchema).max(100).optional(),
  assertions: assertionsSchema.optional(),
  auth: authSettingsSchema.optional(),
});

export const secretChangesSchema = z.record(
  variableNameSchema,
  z
    .string()
    .max(64 * 1024)
    .nullable(),
);

/** A version from `Versioned`, or null for "the file must not exist yet". */
export const baseVersionSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .nullable();

export const historyQuerySchema = z.strictObject({
  text: z.string().max(1_000).optional(),
  limit: z.number().int().positive().max(10_000).optional(),
});
