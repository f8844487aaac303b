import { fromBinary } from '@bufbuild/protobuf';
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { SourceCodeInfo_LocationSchema, type SourceCodeInfo_Location } from '@bufbuild/protobuf/wkt';

// Field numbers: SourceCodeInfo.location = 1, SourceCodeInfo.Location.path = 1.
const LOCATION = 1;
const PATH = 1;

/**
 * One file's encoded SourceCodeInfo looked up by path: an index of where each location starts, and a location decoded
 * only when asked for, so listing a big schema's methods with their comments does not expand every comment it has.
 */
export class SourceLocations {
  /** Path joined with dots → offset of the location's length prefix in `bytes`. */
  private readonly offsets = new Map<string, number>();

  constructor(private readonly bytes: Uint8Array) {
    const reader = new BinaryReader(bytes);
    while (reader.pos < reader.len) {
      const [field, wireType] = reader.tag();
      if (field !== LOCATION || wireType !== WireType.LengthDelimited) {
        reader.skip(wireType, field);
        continue;
      }
      const offset = reader.pos;
      const key = pathOf(reader.bytes()).join('.');
      // The first location wins: protoc lists an element before the pieces inside it.
      if (!this.offsets.has(key)) this.offsets.set(key, offset);
    }
  }

  /** The location recorded for `path`, or undefined. */
  at(path: readonly number[]): SourceCodeInfo_Location | undefined {
    const offset = this.offsets.get(path.join('.'));
    if (offset === undefined) return undefined;
    return fromBinary(SourceCodeInfo_LocationSchema, new BinaryReader(this.bytes.subarray(offset)).bytes());
  }
}

/** The path of an encoded location (packed, as protoc writes it, or not). */
function pathOf(location: Uint8Array): number[] {
  const path: number[] = [];
  const reader = new BinaryReader(location);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === PATH && wireType === WireType.LengthDelimited) {
      const packed = new BinaryReader(reader.bytes());
      while (packed.pos < packed.len) path.push(packed.int32());
    } else if (field === PATH && wireType === WireType.Varint) {
      path.push(reader.int32());
    } else {
      reader.skip(wireType, field);
    }
  }
  return path;
}
