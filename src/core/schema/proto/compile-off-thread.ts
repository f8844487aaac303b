import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { Worker } from 'node:worker_threads';
import { bundledWorkerPath, startBundledWorker } from '../../files/bundled-worker';
import { decodeFileDescriptor } from '../compact-source-info';
import { SchemaError } from '../errors';
import { Slices } from '../slices';
import type { CompileRequest, CompiledProtos } from './compile';
import type { CompileJob, CompileReply } from './compile-protocol';

interface Pending {
  resolve: (reply: CompileReply) => void;
  reject: (error: Error) => void;
}

/**
 * A compile whose descriptor set is this big leaves the worker's heap hundreds of MB large (googleapis: a 63 MB set,
 * ~800 MB of trees, descriptors and file text) until V8 gets round to collecting it, while this thread builds its own
 * copy; the worker is ended instead, which gives it all back at once. The next compile starts a fresh one.
 */
const RETIRE_AFTER_BYTES = 4 << 20;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/** compileProtos in the compile worker: the same files, or the same SchemaError, without holding this thread. */
export async function compileInWorker(request: CompileRequest): Promise<CompiledProtos> {
  const reply = await ask(request);
  if ('problems' in reply) throw new SchemaError(reply.problems);
  if ('crashed' in reply) throw new Error(reply.crashed);
  return { files: await decodeInSlices(reply.set), roots: reply.roots };
}

/** Stops the compile worker (the engine is closing; Electron 9 aborts on quit while a worker lives); compiles still
 * running fail, and a later compile starts a new worker. */
export async function stopCompileWorker(): Promise<void> {
  const running = worker;
  if (!running) return;
  failAll(new Error('The engine closed while the .proto files compiled; load them again.'));
  await running.terminate();
}

function failAll(error: Error): void {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  void worker?.terminate();
  // A worker that failed (it ran out of memory, its script is missing) is started again for the next compile.
  worker = undefined;
}

function getWorker(): Worker {
  if (worker) return worker;
  const path = bundledWorkerPath('compile-worker');
  const created = startBundledWorker(path);
  created.on('message', (reply: CompileReply) => {
    pending.get(reply.id)?.resolve(reply);
    pending.delete(reply.id);
    if (pending.size > 0) return;
    if ('set' in reply && reply.set.length >= RETIRE_AFTER_BYTES) retire(created);
    // An idle worker does not keep the process (the command line, a test) alive.
    else created.unref();
  });
  const fail = (error: Error): void => {
    if (worker === created) failAll(error);
  };
  created.on('error', (error) => fail(new Error(`The .proto compiler (${path}) failed: ${error.message}`)));
  created.on('exit', (code) => fail(new Error(`The .proto compiler (${path}) stopped (exit code ${code}).`)));
  worker = created;
  return created;
}

function retire(idle: Worker): void {
  if (worker === idle) worker = undefined;
  void idle.terminate();
}

function ask(request: CompileRequest): Promise<CompileReply> {
  return new Promise((resolve, reject) => {
    const job: CompileJob = { id: nextId++, request };
    pending.set(job.id, { resolve, reject });
    const running = getWorker();
    running.ref();
    running.postMessage(job);
  });
}

/** Decodes a FileDescriptorSet one file at a time, letting the event loop run between slices. */
async function decodeInSlices(set: Uint8Array): Promise<FileDescriptorProto[]> {
  const slices = new Slices();
  const files: FileDescriptorProto[] = [];
  const reader = new BinaryReader(set);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    // FileDescriptorSet has one field: `repeated FileDescriptorProto file = 1`.
    if (field === 1 && wireType === WireType.LengthDelimited)
      files.push(decodeFileDescriptor(reader.bytes()));
    else reader.skip(wireType, field);
    await slices.pause();
  }
  return files;
}
