// The compile worker: parses and links .proto files off the engine's thread and answers with descriptor bytes.
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { parentPort } from 'node:worker_threads';
import { encodeFileDescriptor } from '../compact-source-info';
import { SchemaError } from '../errors';
import { fillJsonNames } from '../json-names';
import { compileProtos } from './compile';
import type { CompileJob, CompileReply } from './compile-protocol';

async function answer(job: CompileJob): Promise<CompileReply> {
  try {
    const { files, roots } = await compileProtos(job.request);
    fillJsonNames(files);
    // FileDescriptorSet's one field, `repeated FileDescriptorProto file = 1`, written with the source info as it is.
    const writer = new BinaryWriter();
    for (const file of files) writer.tag(1, WireType.LengthDelimited).bytes(encodeFileDescriptor(file));
    const set = writer.finish();
    // Copied, not transferred: Node 12 (Electron 9) aborted now and then after a transferred set (SIGILL in V8).
    return { id: job.id, set, roots };
  } catch (error) {
    if (error instanceof SchemaError) return { id: job.id, problems: error.problems };
    return { id: job.id, crashed: (error as Error).message };
  }
}

parentPort?.on('message', (job: CompileJob) => {
  void answer(job).then((reply) => parentPort?.postMessage(reply));
});
