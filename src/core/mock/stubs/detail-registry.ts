/** The types a status detail may have: the user's schema over google/rpc/error_details.proto (BadRequest, ErrorInfo, …). */
import {
  create,
  createFileRegistry,
  createRegistry,
  type FileRegistry,
  type Registry,
} from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { bundledFiles } from '../../schema/proto/bundled-files';

// The same files, in the same order, as call/status-details.ts decodes details with.
const richFiles = [
  'google/protobuf/any.proto',
  'google/protobuf/duration.proto',
  'google/rpc/status.proto',
  'google/rpc/error_details.proto',
];

let rich: FileRegistry | undefined;
const combined = new WeakMap<Registry, Registry>();

/** The registry details are encoded with: `user`'s types win over the bundled ones of the same name. */
export function detailRegistry(user: Registry): Registry {
  let registry = combined.get(user);
  if (!registry) {
    rich ??= createFileRegistry(create(FileDescriptorSetSchema, { file: bundledFiles(richFiles) }));
    registry = createRegistry(rich, user);
    combined.set(user, registry);
  }
  return registry;
}
