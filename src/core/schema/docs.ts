import type { AnyDesc, DescFile } from '@bufbuild/protobuf';
import type { SourceCodeInfo_Location } from '@bufbuild/protobuf/wkt';
import type { DocComments } from '../../shared/docs';
import { sourceInfoBytes } from './compact-source-info';
import { SourceLocations } from './source-locations';

// Field numbers of descriptor.proto that make up source_code_info paths.
const FILE_MESSAGE = 4;
const FILE_ENUM = 5;
const FILE_SERVICE = 6;
const FILE_EXTENSION = 7;
const MESSAGE_FIELD = 2;
const MESSAGE_NESTED = 3;
const MESSAGE_ENUM = 4;
const MESSAGE_EXTENSION = 6;
const MESSAGE_ONEOF = 8;
const ENUM_VALUE = 2;
const SERVICE_METHOD = 2;

/** The source_code_info path of a descriptor (indexes count synthetic map entries, as protoc does). */
export function sourcePath(desc: AnyDesc): number[] {
  switch (desc.kind) {
    case 'file':
      return [];
    case 'message':
      return desc.parent
        ? [...sourcePath(desc.parent), MESSAGE_NESTED, desc.parent.proto.nestedType.indexOf(desc.proto)]
        : [FILE_MESSAGE, desc.file.proto.messageType.indexOf(desc.proto)];
    case 'enum':
      return desc.parent
        ? [...sourcePath(desc.parent), MESSAGE_ENUM, desc.parent.proto.enumType.indexOf(desc.proto)]
        : [FILE_ENUM, desc.file.proto.enumType.indexOf(desc.proto)];
    case 'extension':
      return desc.parent
        ? [...sourcePath(desc.parent), MESSAGE_EXTENSION, desc.parent.proto.extension.indexOf(desc.proto)]
        : [FILE_EXTENSION, desc.file.proto.extension.indexOf(desc.proto)];
    case 'field':
      return [...sourcePath(desc.parent), MESSAGE_FIELD, desc.parent.proto.field.indexOf(desc.proto)];
    case 'oneof':
      return [...sourcePath(desc.parent), MESSAGE_ONEOF, desc.parent.proto.oneofDecl.indexOf(desc.proto)];
    case 'enum_value':
      return [...sourcePath(desc.parent), ENUM_VALUE, desc.parent.proto.value.indexOf(desc.proto)];
    case 'service':
      return [FILE_SERVICE, desc.file.proto.service.indexOf(desc.proto)];
    case 'rpc':
      return [...sourcePath(desc.parent), SERVICE_METHOD, desc.parent.proto.method.indexOf(desc.proto)];
  }
}

/** The file a descriptor was declared in. */
export function fileOf(desc: AnyDesc): DescFile {
  switch (desc.kind) {
    case 'file':
      return desc;
    case 'field':
    case 'oneof':
      return desc.parent.file;
    case 'enum_value':
    case 'rpc':
      return desc.parent.file;
    default:
      return desc.file;
  }
}

const indexes = new WeakMap<DescFile, SourceLocations | undefined>();

/** The source location recorded for a path, or undefined when the file carries no source info for it. */
export function locationAt(file: DescFile, path: readonly number[]): SourceCodeInfo_Location | undefined {
  if (!indexes.has(file)) {
    const bytes = sourceInfoBytes(file.proto);
    indexes.set(file, bytes && new SourceLocations(bytes));
  }
  return indexes.get(file)?.at(path);
}

/**
 * Comments for a descriptor from its file's source_code_info, trimmed, or "": the leading comment (what
 * `describe` prints above an element), or with `orTrailing` the trailing one when there is no leading one
 * (`int32 x = 1; // the x` — what an editor tooltip should show).
 */
export function docComment(desc: AnyDesc, orTrailing = false): string {
  const { leading, trailing } = docComments(desc);
  return leading || (orTrailing ? trailing : '');
}

/** The leading and trailing comments of a descriptor from its file's source_code_info, each trimmed, "" when none. */
export function docComments(desc: AnyDesc): DocComments {
  const location = desc.kind === 'file' ? undefined : locationAt(fileOf(desc), sourcePath(desc));
  return {
    leading: commentText(location?.leadingComments),
    trailing: commentText(location?.trailingComments),
  };
}

/** A comment as written: protoc keeps the space after `//` on every line, which is dropped here. */
function commentText(comment: string | undefined): string {
  return (comment ?? '')
    .split('\n')
    .map((line) => (line.startsWith(' ') ? line.slice(1) : line))
    .join('\n')
    .trim();
}
