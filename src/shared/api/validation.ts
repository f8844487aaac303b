/** Runtime schemas of everything the page may send: the engine treats the page as untrusted and checks each payload. */
import { z } from 'zod';
import { authSettingsSchema } from './auth-validation';
import { callProtocols, maxDurationMs } from '../call';

/** Bounded strings: a path, a target, a header. Requests are JSON text and may be large (64 MiB, the send limit). */
const text = z.string().max(64 * 1024);
const json = z.string().max(64 * 1024 * 1024);
const id = z.string().min(1).max(100);

export const metadataEntrySchema = z.strictObject({ key: text, value: text });

export const tlsSettingsSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('plaintext') }),
  z.strictObject({
    mode: z.literal('tls'),
    caFiles: z.array(text).max(100).optional(),
    certFile: text.optional(),
    keyFile: text.optional(),
    serverName: text.optional(),
    insecure: z.boolean().optional(),
  }),
]);

export const schemaSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('protoFiles'),
    files: z.array(text).min(1).max(10_000),
    importPaths: z.array(text).max(1_000),
  }),
  z.strictObject({
    kind: z.literal('protoFolder'),
    folder: text,
    importPaths: z.array(text).max(1_000).optional(),
  }),
  z.strictObject({ kind: z.literal('descriptorSet'), file: text }),
  z.strictObject({
    kind: z.literal('reflection'),
    target: text,
    tls: tlsSettingsSchema,
    metadata: z.array(metadataEntrySchema).max(1_000).optional(),
    timeoutMs: z.number().int().positive().max(600_000).optional(),
    auth: authSettingsSchema.optional(),
    environment: z.string().min(1).max(100).optional(),
  }),
]);

export const droppedFileSchema = z.strictObject({ path: text, text: z.string().max(16 * 1024 * 1024) });

const bytes = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const ms = z.number().int().positive().max(maxDurationMs);

export const callOptionsSchema = z.strictObject({
  deadlineMs: ms.optional(),
  maxSendMessageBytes: bytes.optional(),
  maxReceiveMessageBytes: bytes.optional(),
  keepaliveTimeMs: ms.optional(),
  keepaliveTimeoutMs: ms.optional(),
  gzip: z.boolean().optional(),
  authority: text.optional(),
  userAgent: text.optional(),
  emitDefaults: z.boolean().optional(),
  protoFieldNames: z.boolean().optional(),
  http2: z.boolean().optional(),
});

/** A call's wire protocol, by name; a wrong one is named with the ones there are. */
export const callProtocolSchema = z.enum(callProtocols, {
  error: (issue) =>
    `expected one of ${callProtocols.join(', ')}; got ${JSON.stringify(issue.input)}. Leave it out for grpc.`,
});

export const callRequestSchema = z.strictObject({
  target: text,
  tls: tlsSettingsSchema,
  method: text,
  metadata: z.array(metadataEntrySchema).max(1_000),
  requests: z.array(json).max(1_000),
  protocol: callProtocolSchema.optional(),
  options: callOptionsSchema.optional(),
});

export const pathPurposeSchema = z.enum([
  'protoFiles',
  'protoFolder',
  'descriptorSet',
  'pemFile',
  'saveFile',
  'workspaceFolder',
  'jsonFile',
  'bytesFile',
  'loadData',
  'loadReport',
  'loadExport',
]);

export { id as idSchema, text as textSchema, json as jsonTextSchema };
