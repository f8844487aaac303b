// The compile worker: parses and links .proto files off the engine's thread and answers with descriptor bytes.
import { create, toBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { parentPort } from 'node:worker_threads';
import { SchemaError } from '../errors';
import { fillJsonNames } from '../json-names';
import { compileProtos } from './compile';
import type { CompileJob, CompileReply } from './compile-protocol';

async function answer(job: CompileJob): Promise<{ reply: CompileReply; transfer: ArrayBuffer[] }> {
  try {
    const { files, roots } = await compileProtos(job.request);
    fillJsonNames(files);
    const set = toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file: files }));
    return { reply: { id: job.id, set, roots }, transfer: [set.buffer as ArrayBuffer] };
  } catch (error) {
    if (error instanceof SchemaError)
      return { reply: { id: job.id, problems: error.problems }, transfer: [] };
    return { reply: { id: job.id, crashed: (error as Error).message }, transfer: [] };
  }
}

parentPort?.on('message', (job: CompileJob) => {
  void answer(job).then(({ reply, transfer }) => parentPort?.postMessage(reply, transfer));
});
