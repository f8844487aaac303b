import type { SchemaSource } from '../../shared/schema';
import { readDescriptorSet } from './descriptor-set';
import { compileProtos, type CompileRequest } from './proto/compile';
import { compileInWorker } from './proto/compile-off-thread';
import { findProtoFiles } from './proto-folder';
import { loadReflectedSchema } from './reflection/service-schema';
import { Schema } from './schema';

/** How a load may use the engine's thread. */
export interface LoadOptions {
  /**
   * Compile .proto files in the compile worker and build their registry in slices, so even googleapis never holds the
   * event loop for long. For the engine behind a window or page. One-shot commands compile here: starting the worker
   * made the first compile of test.proto 168 ms instead of 49 (medians, 2 cores), and they have nothing else to run.
   */
  offThread?: boolean;
}

/** Loads a schema from any source; throws SchemaError with every problem found. */
export async function loadSchema(source: SchemaSource, options: LoadOptions = {}): Promise<Schema> {
  switch (source.kind) {
    case 'protoFiles':
      return compiledSchema(source, options);
    case 'protoFolder': {
      // The folder is an import root, so its files import each other by paths relative to it. Given import paths
      // come first: as in protoc, a file is named by the first root that holds it, so a folder inside an import path
      // (grpc/testing under protos/) keeps the names its files import each other by.
      const files = await findProtoFiles(source.folder);
      const importPaths = [...(source.importPaths ?? []), source.folder];
      return compiledSchema({ files, importPaths }, options);
    }
    case 'descriptorSet':
      return new Schema(await readDescriptorSet(source.file), { kind: 'descriptorSet', file: source.file });
    case 'reflection':
      return loadReflectedSchema(source);
  }
}

async function compiledSchema(request: CompileRequest, { offThread = false }: LoadOptions): Promise<Schema> {
  if (!offThread) return new Schema((await compileProtos(request)).files);
  return Schema.inSlices((await compileInWorker(request)).files);
}
