import type { DescriptorProto, EnumDescriptorProto, FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { forEachMessage } from './messages';
import { qualify } from '../../proto/linker-context';

/** Every message and enum declared in the files (nested ones and map entries included), by full name without the leading dot. */
export function declaredTypes(files: FileDescriptorProto[]): Map<string, FileDescriptorProto> {
  const declared = new Map<string, FileDescriptorProto>();
  const addEnums = (enums: EnumDescriptorProto[], scope: string, file: FileDescriptorProto): void => {
    for (const e of enums) declared.set(qualify(scope, e.name), file);
  };
  for (const file of files) {
    addEnums(file.enumType, file.package, file);
    forEachMessage(file, (message: DescriptorProto, fullName) => {
      declared.set(fullName, file);
      addEnums(message.enumType, fullName, file);
    });
  }
  return declared;
}
