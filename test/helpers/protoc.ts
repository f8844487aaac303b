import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema, type FileDescriptorSet } from '@bufbuild/protobuf/wkt';
import { peers } from './peer-paths';

const run = promisify(execFile);

/** The Python that has grpcio-tools (the venv of .ci/install-peers.sh unless PROTODESK_PYTHON names another). */
export const python = peers.python;

/**
 * Compiles with the real protoc (grpcio-tools) — the oracle our own descriptors are compared with.
 * `files` are import-path-relative names; the result includes imports, and source info when asked.
 */
export async function protoc(
  files: string[],
  importPaths: string[],
  options: { sourceInfo?: boolean } = {},
): Promise<FileDescriptorSet> {
  const dir = await mkdtemp(join(tmpdir(), 'protoc-'));
  const out = join(dir, 'set.binpb');
  try {
    const args = ['-m', 'grpc_tools.protoc', ...importPaths.map((p) => `-I${p}`), '--include_imports'];
    if (options.sourceInfo) args.push('--include_source_info');
    await run(python, [...args, `--descriptor_set_out=${out}`, ...files], { maxBuffer: 64 * 1024 * 1024 });
    return fromBinary(FileDescriptorSetSchema, await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
