import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from '../errors';
import { linkFiles } from './linker';
import { loadProtoFiles } from './resolve-imports';
import { standardOptionTypes } from './bundled-files';

/** Which .proto files to compile and where their imports are looked up. */
export interface CompileRequest {
  /** Paths on disk, absolute or relative to the working directory. */
  files: string[];
  importPaths: string[];
}

/** The compiled descriptors: every file needed, dependencies before dependents. */
export interface CompiledProtos {
  files: FileDescriptorProto[];
  /** The import names of the requested files. */
  roots: string[];
}

/** Compiles .proto files the way protoc does; throws SchemaError listing every problem found. */
export async function compileProtos(request: CompileRequest): Promise<CompiledProtos> {
  const { files: loaded, roots } = await loadProtoFiles(request.files, request.importPaths);
  const standard = standardOptionTypes();
  const displayPaths = new Map(loaded.map((f) => [f.ast.path, f.diskPath]));
  // splice(0) hands the trees to the linker without keeping them here: it frees each one once linked.
  const asts = loaded.splice(0).map((f) => f.ast);
  try {
    return { files: linkFiles(asts, { displayPaths, standard }), roots };
  } catch (error) {
    if (error instanceof SchemaError) throw error;
    // A linker bug must not take the app down: report it like any other problem.
    throw new SchemaError([
      { message: `Internal error while linking ${roots.join(', ')}: ${(error as Error).message}` },
    ]);
  }
}
