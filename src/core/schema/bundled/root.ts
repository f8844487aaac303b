import { fileURLToPath } from 'node:url';

/** The folder holding the bundled .proto files (google/protobuf, google/api, google/rpc, grpc/reflection). */
export function bundledProtoRoot(): string {
  return fileURLToPath(new URL('./protos/', import.meta.url));
}
