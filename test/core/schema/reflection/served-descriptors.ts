import { Client, credentials, Metadata } from '@grpc/grpc-js';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { fetchSchema } from '../../../../src/core/schema/reflection/fetch';
import { ReflectionStream } from '../../../../src/core/schema/reflection/stream';

/** What a plaintext server's v1 reflection sends for all its services, exactly as sent: no repair, no reordering. */
export async function servedDescriptors(port: number): Promise<FileDescriptorProto[]> {
  const client = new Client(`127.0.0.1:${port}`, credentials.createInsecure());
  const path = '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo';
  const stream = new ReflectionStream(client, path, new Metadata(), new Date(Date.now() + 10_000));
  try {
    return (await fetchSchema(stream, `127.0.0.1:${port}`)).files;
  } finally {
    stream.close();
    client.close();
  }
}
