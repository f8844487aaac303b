import type { DescriptorProto, FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { qualify } from '../../proto/linker-context';

/** Calls `visit` for every message of the file, nested ones included (each after the message declaring it), with its full name. */
export function forEachMessage(
  file: FileDescriptorProto,
  visit: (message: DescriptorProto, fullName: string) => void,
): void {
  const walk = (messages: DescriptorProto[], scope: string): void => {
    for (const message of messages) {
      const fullName = qualify(scope, message.name);
      visit(message, fullName);
      walk(message.nestedType, fullName);
    }
  };
  walk(file.messageType, file.package);
}
