import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

// Field numbers of grpc.reflection.v1 (v1alpha has the same wire format); see bundled/protos/grpc/reflection/v1/reflection.proto.

/** The reflection requests this client sends (one field of ServerReflectionRequest's oneof). */
export type ReflectionRequest =
  | { kind: 'listServices' }
  | { kind: 'fileContainingSymbol'; symbol: string }
  | { kind: 'fileByFilename'; filename: string };

/** A decoded ServerReflectionResponse, reduced to what the client uses. */
export type ReflectionResponse =
  | { kind: 'services'; services: string[] }
  | { kind: 'files'; files: Uint8Array[] }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'other' };

/** Encodes a ServerReflectionRequest. */
export function encodeRequest(request: ReflectionRequest): Uint8Array {
  const writer = new BinaryWriter();
  switch (request.kind) {
    case 'listServices':
      // list_services = 7; its content is not inspected by servers.
      writer.tag(7, WireType.LengthDelimited).string('*');
      break;
    case 'fileContainingSymbol':
      writer.tag(4, WireType.LengthDelimited).string(request.symbol);
      break;
    case 'fileByFilename':
      writer.tag(3, WireType.LengthDelimited).string(request.filename);
      break;
  }
  return writer.finish();
}

/** Decodes a ServerReflectionResponse; file descriptors stay the server's exact bytes. */
export function decodeResponse(bytes: Uint8Array): ReflectionResponse {
  const reader = new BinaryReader(bytes);
  let response: ReflectionResponse = { kind: 'other' };
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 4 && wireType === WireType.LengthDelimited) {
      response = { kind: 'files', files: repeatedBytes(reader.bytes(), 1) };
    } else if (field === 6 && wireType === WireType.LengthDelimited) {
      response = { kind: 'services', services: serviceNames(reader.bytes()) };
    } else if (field === 7 && wireType === WireType.LengthDelimited) {
      response = decodeError(reader.bytes());
    } else {
      reader.skip(wireType, field);
    }
  }
  return response;
}

/** Every value of a repeated bytes field. */
function repeatedBytes(bytes: Uint8Array, wanted: number): Uint8Array[] {
  const reader = new BinaryReader(bytes);
  const values: Uint8Array[] = [];
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === wanted && wireType === WireType.LengthDelimited) values.push(reader.bytes());
    else reader.skip(wireType, field);
  }
  return values;
}

/** ListServiceResponse { repeated ServiceResponse service = 1 { string name = 1 } } */
function serviceNames(bytes: Uint8Array): string[] {
  const decoder = new TextDecoder();
  // A string field seen twice on the wire keeps its last value.
  return repeatedBytes(bytes, 1).map((service) =>
    decoder.decode(repeatedBytes(service, 1).at(-1) ?? new Uint8Array()),
  );
}

/** ErrorResponse { int32 error_code = 1; string error_message = 2 } */
function decodeError(bytes: Uint8Array): ReflectionResponse {
  const reader = new BinaryReader(bytes);
  let code = 0;
  let message = '';
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.Varint) code = reader.int32();
    else if (field === 2 && wireType === WireType.LengthDelimited) message = reader.string();
    else reader.skip(wireType, field);
  }
  return { kind: 'error', code, message };
}
