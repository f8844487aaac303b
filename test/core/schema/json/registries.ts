import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createFileRegistry, type DescMessage, type FileRegistry } from '@bufbuild/protobuf';
import { protoc } from '../../../helpers/protoc';

/** Test descriptors, all from the real protoc. */
const root = join(import.meta.dirname, '../../../..');
export const bundledDir = join(root, 'src/core/schema/bundled/protos');
export const jsonFixtures = join(root, 'test/fixtures/protos/json');

/** grpc's interop protos: the colleague's fixture copy when present, else the Maven copy in /tmp/it. */
export const interopDir = [join(root, 'test/fixtures/protos'), '/tmp/it'].find((dir) =>
  existsSync(join(dir, 'grpc/testing/messages.proto')),
);

/** The kitchen-sink and proto2 fixtures, with imports. */
export async function kitchenRegistry(options: { sourceInfo?: boolean } = {}): Promise<FileRegistry> {
  return createFileRegistry(
    await protoc(['kitchen.proto', 'legacy.proto'], [jsonFixtures, bundledDir], options),
  );
}

/** Every bundled proto (google/protobuf, google/rpc, google/api, grpc reflection). */
export async function bundledRegistry(): Promise<FileRegistry> {
  const files = [
    ...[
      'any',
      'api',
      'descriptor',
      'duration',
      'empty',
      'field_mask',
      'source_context',
      'struct',
      'timestamp',
      'type',
      'wrappers',
    ].map((name) => `google/protobuf/${name}.proto`),
    'google/rpc/status.proto',
    'google/rpc/code.proto',
    'google/rpc/error_details.proto',
    'google/api/annotations.proto',
    'google/api/http.proto',
    'google/api/field_behavior.proto',
    'grpc/reflection/v1/reflection.proto',
    'grpc/reflection/v1alpha/reflection.proto',
  ];
  return createFileRegistry(await protoc(files, [bundledDir]));
}

/** grpc.testing's messages and services. */
export async function interopRegistry(): Promise<FileRegistry> {
  if (!interopDir) throw new Error('grpc interop protos not found: see test/core/schema/json/registries.ts');
  const files = ['empty', 'messages', 'test'].map((name) => `grpc/testing/${name}.proto`);
  return createFileRegistry(await protoc(files, [interopDir, bundledDir]));
}

/** Every message type declared in the registry's files (not only the ones reachable from a service). */
export function allMessages(registry: FileRegistry): DescMessage[] {
  const out: DescMessage[] = [];
  const visit = (messages: DescMessage[]): void => {
    for (const message of messages) {
      out.push(message);
      visit(message.nestedMessages);
    }
  };
  for (const file of registry.files) visit(file.messages);
  return out;
}

/** A message by name, failing the test clearly when missing. */
export function message(registry: FileRegistry, typeName: string): DescMessage {
  const desc = registry.getMessage(typeName);
  if (!desc) throw new Error(`no message ${typeName}`);
  return desc;
}
