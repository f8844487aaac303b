import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

// The server side of grpc.reflection.v1 (v1alpha has the same wire format), encoded by hand as the client's codec
// (src/core/schema/reflection/codec.ts) is; field numbers from bundled/protos/grpc/reflection/v1/reflection.proto.

/** What a ServerReflectionRequest asks (its message_request oneof). */
export type ReflectionQuestion =
  | { kind: 'fileByFilename'; filename: string }
  | { kind: 'fileContainingSymbol'; symbol: string }
  | { kind: 'fileContainingExtension'; containingType: string; number: number }
  | { kind: 'allExtensionNumbersOfType'; typeName: string }
  | { kind: 'listServices' }
  | { kind: 'none' };

/** A decoded ServerReflectionRequest: its host and question. */
export interface ReflectionRequest {
  host: string;
  question: ReflectionQuestion;
}

/** The answers a ServerReflectionResponse carries (its message_response oneof). */
export type ReflectionAnswer =
  | { kind: 'files'; files: Uint8Array[] }
  | { kind: 'extensionNumbers'; baseTypeName: string; numbers: number[] }
  | { kind: 'services'; names: string[] }
  | { kind: 'error'; code: number; message: string };

export function decodeReflectionRequest(bytes: Uint8Array): ReflectionRequest {
  const reader = new BinaryReader(bytes);
  const request: ReflectionRequest = { host: '', question: { kind: 'none' } };
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (wireType !== WireType.LengthDelimited) {
      reader.skip(wireType, field);
      continue;
    }
    if (field === 1) request.host = reader.string();
    else if (field === 3) request.question = { kind: 'fileByFilename', filename: reader.string() };
    else if (field === 4) request.question = { kind: 'fileContainingSymbol', symbol: reader.string() };
    else if (field === 5) request.question = extensionRequest(reader.bytes());
    else if (field === 6) request.question = { kind: 'allExtensionNumbersOfType', typeName: reader.string() };
    else if (field === 7) {
      reader.string();
      request.question = { kind: 'listServices' };
    } else reader.skip(wireType, field);
  }
  return request;
}

/** ExtensionRequest { string containing_type = 1; int32 extension_number = 2; } */
function extensionRequest(bytes: Uint8Array): ReflectionQuestion {
  const reader = new BinaryReader(bytes);
  let containingType = '';
  let number = 0;
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) containingType = reader.string();
    else if (field === 2 && wireType === WireType.Varint) number = reader.int32();
    else reader.skip(wireType, field);
  }
  return { kind: 'fileContainingExtension', containingType, number };
}

/** A ServerReflectionResponse echoing the request (`original`, its exact bytes) as grpc-go does. */
export function encodeReflectionResponse(
  host: string,
  original: Uint8Array,
  answer: ReflectionAnswer,
): Uint8Array {
  const writer = new BinaryWriter();
  if (host) writer.tag(1, WireType.LengthDelimited).string(host);
  writer.tag(2, WireType.LengthDelimited).bytes(original);
  switch (answer.kind) {
    case 'files':
      // FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
      writer.tag(4, WireType.LengthDelimited).fork();
      for (const file of answer.files) writer.tag(1, WireType.LengthDelimited).bytes(file);
      writer.join();
      break;
    case 'extensionNumbers':
      // ExtensionNumberResponse { string base_type_name = 1; repeated int32 extension_number = 2; }
      writer.tag(5, WireType.LengthDelimited).fork();
      writer.tag(1, WireType.LengthDelimited).string(answer.baseTypeName);
      if (answer.numbers.length > 0) {
        writer.tag(2, WireType.LengthDelimited).fork();
        for (const number of answer.numbers) writer.int32(number);
        writer.join();
      }
      writer.join();
      break;
    case 'services':
      // ListServiceResponse { repeated ServiceResponse service = 1; } ServiceResponse { string name = 1; }
      writer.tag(6, WireType.LengthDelimited).fork();
      for (const name of answer.names) {
        writer.tag(1, WireType.LengthDelimited).fork().tag(1, WireType.LengthDelimited).string(name).join();
      }
      writer.join();
      break;
    case 'error':
      // ErrorResponse { int32 error_code = 1; string error_message = 2; }
      writer.tag(7, WireType.LengthDelimited).fork();
      writer.tag(1, WireType.Varint).int32(answer.code);
      writer.tag(2, WireType.LengthDelimited).string(answer.message);
      writer.join();
      break;
  }
  return writer.finish();
}
