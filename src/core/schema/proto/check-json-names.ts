import {
  FeatureSet_JsonFormat as JsonFormat,
  type DescriptorProto,
  type Edition,
  type FieldDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { FeatureResolver } from './feature-resolver';
import { jsonName } from './json-name';
import type { LinkRecords } from './link-records';
import type { Problems } from './problems';

interface JsonNameOf {
  field: FieldDescriptorProto;
  name: string;
  custom: boolean;
}

/**
 * protoc's CheckFieldJsonNameUniqueness: fields of a message must not share a JSON name, compared with and
 * without custom json_name (field masks use the default ones). Under json_format = LEGACY_BEST_EFFORT (proto2's
 * behaviour) protoc only warns when a default name is involved, so those are left alone.
 */
export function checkJsonNames(
  file: FileDescriptorProto,
  edition: Edition,
  resolver: FeatureResolver,
  records: LinkRecords,
  problems: Problems,
): void {
  const visit = (message: DescriptorProto, parents: object[], scope: string): void => {
    const chain = [message, ...parents];
    const full = scope ? `${scope}.${message.name}` : message.name;
    if (!message.options?.deprecatedLegacyJsonFieldConflicts) {
      const legacy = resolver.resolve('jsonFormat', chain, edition) === JsonFormat.LEGACY_BEST_EFFORT;
      for (const useCustom of [false, true])
        checkMessage(file.name, message, useCustom, legacy, records, problems);
    }
    for (const nested of message.nestedType) visit(nested, chain, full);
  };
  for (const message of file.messageType) visit(message, [file], file.package);
}

function checkMessage(
  fileName: string,
  message: DescriptorProto,
  useCustom: boolean,
  legacy: boolean,
  records: LinkRecords,
  problems: Problems,
): void {
  const seen = new Map<string, JsonNameOf>();
  for (const field of message.field) {
    const details = jsonNameOf(field, useCustom);
    const span = records.spans.get(field);
    if (details.custom && details.name.startsWith('[') && details.name.endsWith(']')) {
      problems.add(
        fileName,
        span,
        `The custom JSON name of field "${field.name}" ("${details.name}") is invalid: JSON names may not start with '[' and end with ']'.`,
      );
      continue;
    }
    const match = seen.get(details.name);
    if (!match) {
      seen.set(details.name, details);
      continue;
    }
    // A conflict between two default names is reported by the pass without custom names.
    if (useCustom && !details.custom && !match.custom) continue;
    if (legacy && (!details.custom || !match.custom)) continue;
    problems.add(
      fileName,
      span,
      `The ${kind(details)} JSON name of field "${field.name}" ("${details.name}") conflicts with the ${kind(match)} JSON name of field "${match.field.name}".`,
      'Rename one of the fields or give one a different json_name.',
    );
  }
}

function jsonNameOf(field: FieldDescriptorProto, useCustom: boolean): JsonNameOf {
  const standard = jsonName(field.name);
  if (useCustom && field.jsonName !== standard) return { field, name: field.jsonName, custom: true };
  return { field, name: standard, custom: false };
}

function kind(details: JsonNameOf): string {
  return details.custom ? 'custom' : 'default';
}
