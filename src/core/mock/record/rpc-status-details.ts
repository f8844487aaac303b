import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type { MockStatusDetail } from '../handler';

/**
 * The `Any` details of a `grpc-status-details-bin` value (google.rpc.Status: 1 code, 2 message, 3 repeated Any), kept
 * as bytes so the mock sends on exactly what the upstream sent. Bytes that are no Status give no details.
 */
export function statusDetailsOf(bytes: Uint8Array): MockStatusDetail[] {
  try {
    const details: MockStatusDetail[] = [];
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

function readAny(bytes: Uint8Array): MockStatusDetail {
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
