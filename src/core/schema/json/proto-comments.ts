import type {
  DescEnum,
  DescEnumValue,
  DescField,
  DescFile,
  DescMessage,
  DescMethod,
  DescOneof,
  DescService,
} from '@bufbuild/protobuf';

/** Anything a .proto comment can sit on. */
export type CommentedDesc =
  DescMessage | DescField | DescEnum | DescEnumValue | DescOneof | DescService | DescMethod;

/**
 * The comment written above (or after) a declaration, from the file's source_code_info (protoc --include_source_info);
 * undefined when the descriptors carry no source info or nothing was written.
 */
export function protoComments(desc: CommentedDesc): string | undefined {
  const file = fileOf(desc);
  const path = sourcePath(desc).join(',');
  const location = file.proto.sourceCodeInfo?.location.find((l) => l.path.join(',') === path);
  const text = (location?.leadingComments || location?.trailingComments || '').trim();
  // protoc keeps the space after `//`; strip a shared indent so paragraphs read as written.
  return text === ''
    ? undefined
    : text
        .split('\n')
        .map((line) => line.replace(/^ /, ''))
        .join('\n');
}

function fileOf(desc: CommentedDesc): DescFile {
  switch (desc.kind) {
    case 'field':
    case 'oneof':
      return desc.parent.file;
    case 'enum_value':
      return desc.parent.file;
    case 'rpc':
      return desc.parent.file;
    default:
      return desc.file;
  }
}

/** The descriptor path protoc uses in source_code_info (field numbers of FileDescriptorProto and friends). */
function sourcePath(desc: CommentedDesc): number[] {
  switch (desc.kind) {
    case 'message':
      return desc.parent
        ? [...sourcePath(desc.parent), 3, desc.parent.proto.nestedType.indexOf(desc.proto)]
        : [4, desc.file.proto.messageType.indexOf(desc.proto)];
    case 'enum':
      return desc.parent
        ? [...sourcePath(desc.parent), 4, desc.parent.proto.enumType.indexOf(desc.proto)]
        : [5, desc.file.proto.enumType.indexOf(desc.proto)];
    case 'field':
      return [...sourcePath(desc.parent), 2, desc.parent.proto.field.indexOf(desc.proto)];
    case 'oneof':
      return [...sourcePath(desc.parent), 8, desc.parent.proto.oneofDecl.indexOf(desc.proto)];
    case 'enum_value':
      return [...sourcePath(desc.parent), 2, desc.parent.proto.value.indexOf(desc.proto)];
    case 'service':
      return [6, desc.file.proto.service.indexOf(desc.proto)];
    case 'rpc':
      return [...sourcePath(desc.parent), 2, desc.parent.proto.method.indexOf(desc.proto)];
  }
}
