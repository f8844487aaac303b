/** The `mocks` domain: mock servers of loaded sources, their stub files in the workspace, and rules made from calls. */
import { z } from 'zod';
import type { MockedResponse, MockRules, RunningMock, SavedMockRules } from '../../mock-control';
import { operation } from '../operation';
import { idSchema, jsonTextSchema, metadataEntrySchema, textSchema } from '../validation';

const fallbacks = ['sample', 'full', 'unimplemented'] as const;

/** `pkg.Service/Method`, the way stub files name a method. */
const methodSchema = z
  .string()
  .max(1024)
  .regex(/^[A-Za-z_][\w.]*\/[A-Za-z_]\w*$/, {
    message: 'name the method as package.Service/Method, e.g. grpc.testing.TestService/UnaryCall.',
  });

export const mocksOperations = {
  /**
   * Starts a mock serving every service of a loaded source, or without `sourceId` of every loaded source (the
   * workspace's schema), on 127.0.0.1 (`port` 0 or absent: a free one), under an id the page picks, so its `mockCall`
   * events can arrive before this answers. Its stubs are the open workspace's
   * `mocks/` folder, reloaded when they change; a call no rule matches gets the `fallback`.
   */
  start: operation<RunningMock>()({
    mockId: idSchema,
    sourceId: idSchema.optional(),
    port: z.number().int().min(0).max(65_535).optional(),
    fallback: z.enum(fallbacks, {
      error: (issue) => `expected one of ${fallbacks.join(', ')}; got ${JSON.stringify(issue.input)}.`,
    }),
  }),
  /** Stops a mock: calls in flight get a moment to finish, then are cancelled. Stopping a stopped mock does nothing. */
  stop: operation<void>()({ mockId: idSchema }),
  /** The mocks running now, oldest first. */
  list: operation<RunningMock[]>()({}),
  /** A method's stub file in the workspace (a stub without rules when there is none yet) and its JSON Schema. */
  readRules: operation<MockRules>()({ sourceId: idSchema, method: methodSchema }),
  /** Writes a method's stub file (atomically; no other file is touched) and answers what a mock would refuse in it. */
  saveRules: operation<SavedMockRules>()({ sourceId: idSchema, method: methodSchema, text: jsonTextSchema }),
  /**
   * "Mock this response": a rule matching these requests and answering what the server did (its messages, or its
   * error status with details, and its trailers), put first in the method's stub file so it answers before any
   * catch-all rule; a rule matching exactly the same request is replaced.
   */
  ruleFromResponse: operation<MockedResponse>()({
    sourceId: idSchema,
    method: methodSchema,
    /** The request messages sent, JSON text each. */
    requests: z.array(jsonTextSchema).max(1_000),
    /** The response messages received, JSON text each. */
    responses: z.array(jsonTextSchema).max(1_000),
    status: z.strictObject({
      /** The code's name: OK, NOT_FOUND, ... */
      code: textSchema,
      message: textSchema,
      /** google.rpc.Status as canonical JSON text, with its `details`. */
      details: jsonTextSchema.optional(),
    }),
    trailers: z.array(metadataEntrySchema).max(1_000).optional(),
  }),
} as const;
