/** Short words for a method's streaming kind and a source's kind, as badges and captions show them. */
import type { MethodKind, SchemaSource } from '../../shared/schema';

const methodKinds: Record<MethodKind, string> = {
  unary: 'unary',
  client_stream: 'client stream',
  server_stream: 'server stream',
  bidi: 'bidi',
};

const sourceKinds: Record<SchemaSource['kind'], string> = {
  protoFiles: 'proto files',
  protoFolder: 'proto folder',
  descriptorSet: 'descriptor set',
  reflection: 'reflection',
};

/** "unary", "client stream", "server stream" or "bidi". */
export function methodKindLabel(kind: MethodKind): string {
  return methodKinds[kind];
}

/** "proto files", "proto folder", "descriptor set" or "reflection". */
export function sourceKindLabel(kind: SchemaSource['kind']): string {
  return sourceKinds[kind];
}
