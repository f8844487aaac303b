import { SchemaError } from '../../errors';
import type { UnresolvedReference } from './qualify';

/** The fix that works whatever the server: its own .proto files carry everything proto-loader drops. */
export const importProtosHint =
  "Import the service's .proto files instead (or a descriptor set made with protoc --include_imports or buf build).";

/** One problem per detail, each saying the server's reflection is lossy and what to do. */
export function lossyError(origin: string, details: string[]): SchemaError {
  return new SchemaError(
    details.map((detail) => ({
      message: `${origin} serves lossy reflection descriptors (those @grpc/proto-loader makes, served by @grpc/reflection): ${detail}`,
      hint: importProtosHint,
    })),
  );
}

/** `in shop_labels_v1.proto, field shop.labels.v1.Label.owner_status refers to "Status", which could be … or ….` */
export function describeUnresolved({ file, owner, name, candidates }: UnresolvedReference): string {
  const meaning =
    candidates.length === 0
      ? 'which is declared in none of the files the server sent'
      : `which could be ${candidates.slice(0, -1).join(', ')} or ${candidates.at(-1)}`;
  return `in ${file}, ${owner} refers to "${name}", ${meaning}.`;
}
