import type { SchemaSource } from '../../shared/schema';
import { readDescriptorSet } from './descriptor-set';
import { compileProtosOffThread } from './proto/compile-off-thread';
import { findProtoFiles } from './proto-folder';
import { reflectSchema } from './reflection/reflect';
import { Schema } from './schema';

/**
 * Loads a schema from any source; throws SchemaError with every problem found. .proto files compile off the engine's
 * thread and their registry is built in slices, so a big schema never holds the event loop for long.
 */
export async function loadSchema(source: SchemaSource): Promise<Schema> {
  switch (source.kind) {
    case 'protoFiles':
      return Schema.inSlices((await compileProtosOffThread(source)).files);
    case 'protoFolder': {
      // The folder is an import root, so its files import each other by paths relative to it. Given import paths
      // come first: as in protoc, a file is named by the first root that holds it, so a folder inside an import path
      // (grpc/testing under protos/) keeps the names its files import each other by.
      const files = await findProtoFiles(source.folder);
      const importPaths = [...(source.importPaths ?? []), source.folder];
      return Schema.inSlices((await compileProtosOffThread({ files, importPaths })).files);
    }
    case 'descriptorSet':
      return new Schema(await readDescriptorSet(source.file), { kind: 'descriptorSet', file: source.file });
    case 'reflection':
      return new Schema((await reflectSchema(source)).files, { kind: 'reflection', target: source.target });
  }
}
