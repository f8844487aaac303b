/** The `sources` domain: schema sources (proto files, descriptor sets, reflection) and what their schemas tell. */
import { z } from 'zod';
import type { MethodDocs } from '../../docs';
import { operation } from '../operation';
import { maxDroppedFiles, type MethodTemplate, type PackedTypeNames, type SourceState } from '../types';
import { droppedFileSchema, idSchema, schemaSourceSchema, textSchema } from '../validation';

const method = { sourceId: idSchema, method: textSchema };

export const sourcesOperations = {
  /** Every schema source added so far, in the order added. */
  list: operation<SourceState[]>()({}),
  /** Loads a source; load problems come back in the state (status `failed`), not as a failure, so they can be shown inline. */
  add: operation<SourceState>()({ source: schemaSourceSchema }),
  /** Loads files dropped on the page (browser mode reads their text; there are no paths). */
  addDropped: operation<SourceState>()({ files: z.array(droppedFileSchema).min(1).max(maxDroppedFiles) }),
  /** Loads a source again from disk or the server, keeping its id. */
  reload: operation<SourceState>()({ sourceId: idSchema }),
  remove: operation<void>()({ sourceId: idSchema }),
  /** The sample request and JSON Schema of a method of a loaded source (`package.Service/Method`). */
  methodTemplate: operation<MethodTemplate>()(method),
  /** A method's documentation (`package.Service/Method`): comments, its request and response messages and their types. */
  methodDocs: operation<MethodDocs>()(method),
  /** Message types of a source an Any may pack whose name contains the query, the method's own package first. */
  packedTypeNames: operation<PackedTypeNames>()({ ...method, query: textSchema }),
  /** A method's request JSON Schema with the fields of each type the request's Any values name (`@type` URLs). */
  requestSchema: operation<Record<string, unknown>>()({ ...method, typeUrls: z.array(textSchema).max(100) }),
} as const;
