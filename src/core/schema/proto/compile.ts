import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from '../errors';
import { linkFiles } from './linker';
import { loadProtoFiles } from './resolve-imports';

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
  const loaded = await loadProtoFiles(request.files, request.importPaths);
  const displayPaths = new Map(loaded.files.map((f) => [f.ast.path, f.diskPath]));
  try {
    const files = linkFiles(loaded.files.map((f) => f.ast), { displayPaths });
    return { files, roots: loaded.roots };
  } catch (error) {
    if (error instanceof SchemaError) throw error;
    // A linker bug must not take the app down: report it like any other problem.
    throw new SchemaError([{ message: `Internal error while linking ${loaded.roots.join(', ')}: ${(error as Error).message}` }]);
  }
}
