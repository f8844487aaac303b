import type { DescEnum, DescFile, DescMessage } from '@bufbuild/protobuf';
import type { Element } from './feature-resolver';

/** Every element of a file in declaration order of kinds: the file, enums, messages (and all inside), extensions, services, methods. */
export function* fileElements(file: DescFile): Generator<Element> {
  yield file;
  for (const enumType of file.enums) yield* enumElements(enumType);
  for (const message of file.messages) yield* messageElements(message);
  yield* file.extensions;
  for (const service of file.services) {
    yield service;
    yield* service.methods;
  }
}

function* messageElements(message: DescMessage): Generator<Element> {
  yield message;
  yield* message.fields;
  yield* message.oneofs;
  for (const enumType of message.nestedEnums) yield* enumElements(enumType);
  for (const nested of message.nestedMessages) yield* messageElements(nested);
  yield* message.nestedExtensions;
}

function* enumElements(enumType: DescEnum): Generator<Element> {
  yield enumType;
  yield* enumType.values;
}
