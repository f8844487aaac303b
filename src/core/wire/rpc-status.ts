/**
 * google.rpc.Status on the wire, as `grpc-status-details-bin` carries it: { int32 code = 1; string message = 2;
 * repeated google.protobuf.Any details = 3 }, each Any { string type_url = 1; bytes value = 2 }. Details stay bytes,
 * so what a server sent goes on exactly as it was.
 */
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

/** One `google.protobuf.Any` detail, undecoded. */
export interface AnyBytes {
  typeUrl: string;
  value: Uint8Array;
}

/** The bytes of a google.rpc.Status. */
export function encodeRpcStatus(code: number, message: string, details: readonly AnyBytes[]): Uint8Array {
  const writer = new BinaryWriter();
  if (code !== 0) writer.tag(1, WireType.Varint).int32(code);
  if (message !== '') writer.tag(2, WireType.LengthDelimited).string(message);
  for (const detail of details) {
    writer.tag(3, WireType.LengthDelimited).fork();
    writer.tag(1, WireType.LengthDelimited).string(detail.typeUrl);
    writer.tag(2, WireType.LengthDelimited).bytes(detail.value);
    writer.join();
  }
  return writer.finish();
}

/** The Any details of a google.rpc.Status's bytes; bytes that are no Status give none. */
export function rpcStatusDetails(bytes: Uint8Array): AnyBytes[] {
  try {
    const details: AnyBytes[] = [];
    const reader = new BinaryReader(bytes);
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field === 3 && wireType === WireType.LengthDelimited) details.push(readAny(reader.bytes()));
      else reader.skip(wireType);
    }
    return details;
  } catch {
    return [];
  }
}

function readAny(bytes: Uint8Array): AnyBytes {
  const reader = new BinaryReader(bytes);
  let typeUrl = '';
  let value: Uint8Array = new Uint8Array(0);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) typeUrl = reader.string();
    else if (field === 2 && wireType === WireType.LengthDelimited) value = reader.bytes();
    else reader.skip(wireType);
  }
  return { typeUrl, value };
}
