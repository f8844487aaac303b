import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runWithGrpcurl } from '../../helpers/grpcurl';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { protoRoot, recordingService } from './service-harness';

// Issue 16: Copy as grpcurl for .proto files imported without import paths gave a command grpcurl refused ("must
// specify at least one import path if any absolute file paths are given").
describe('Copy as grpcurl for .proto files imported without import paths', () => {
  let server: GoReflectServer;
  let folder: string;

  beforeAll(async () => {
    // grpc's interop protos side by side in one folder, importing each other by file name, as a user keeps them.
    folder = await mkdtemp(join(tmpdir(), 'protodesk-flat-protos-'));
    for (const name of ['empty.proto', 'messages.proto', 'test.proto']) {
      const text = await readFile(join(protoRoot, 'grpc', 'testing', name), 'utf8');
      await writeFile(join(folder, name), text.replace(/import "grpc\/testing\//g, 'import "'));
    }
    // Reflection off: grpcurl must read the schema from the command's own flags.
    server = await startGoReflect({ reflection: 'none' });
  });
  afterAll(async () => {
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  test('the command names the file’s folder as -import-path, and the real grpcurl runs it against grpc-go', async () => {
    const { service } = recordingService();
    const source = await service.sources.add({
      source: {
        kind: 'protoFiles',
        files: [join(folder, 'test.proto')],
        importPaths: [],
      },
    });
    expect(source.problems).toEqual([]);
    const command = await service.workspace.requestToGrpcurl({
      request: {
        method: 'grpc.testing.TestService/UnaryCall',
        target: `127.0.0.1:${server.port}`,
        metadata: [],
        body: { responseSize: 2 },
      },
    });
    const result = await runWithGrpcurl(command);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ payload: { body: 'AAA=' } });
    expect(command).toContain(`-import-path ${folder} -proto ${join(folder, 'test.proto')}`);
    await service.close();
  });
});
