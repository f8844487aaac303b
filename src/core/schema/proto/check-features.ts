import {
  isFieldSet,
  ScalarType,
  type DescEnum,
  type DescExtension,
  type DescField,
} from '@bufbuild/protobuf';
import {
  Edition,
  FeatureSet_FieldPresence as Presence,
  FeatureSet_RepeatedFieldEncoding as Encoding,
  FeatureSetSchema,
  FieldDescriptorProto_Type as T,
  FieldDescriptorProtoSchema,
  FieldOptionsSchema,
  type FeatureSet,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { checkJsonNames } from './check-json-names';
import { checkNamingStyle } from './check-naming';
import { checkProto3Enums } from './check-proto3-enums';
import { checkReferences, checkStrictVisibility } from './check-visibility';
import { fileElements } from './desc-elements';
import type { FeatureCheck } from './feature-check';
import { FeatureResolver } from './feature-resolver';
import type { LinkRecords } from './link-records';
import type { OptionTypes } from './options-types';
import type { Problems } from './problems';

/**
 * The rules protoc applies once features are resolved (DescriptorBuilder::ValidateOptions and friends): feature
 * use on fields, enums and files in editions files, closed enums in proto3 messages, JSON name conflicts,
 * naming style and symbol visibility. Presence, encodings and enum openness come from @bufbuild/protobuf's
 * feature resolution of the linked files.
 */
export function checkResolvedFeatures(
  files: FileDescriptorProto[],
  types: OptionTypes,
  records: LinkRecords,
  problems: Problems,
): void {
  const resolver = new FeatureResolver(records.written, types.optionsType(FeatureSetSchema));
  for (const proto of files) {
    if (proto.syntax === 'proto3') checkProto3Enums(proto, types, records, problems);
    if (proto.syntax !== 'editions') {
      checkJsonNames(proto, records.editionOf(proto.name), resolver, records, problems);
      continue;
    }
    const file = types.file(proto.name);
    if (!file) continue;
    const check: FeatureCheck = { file, records, resolver, problems };
    checkFile(check);
    for (const element of fileElements(file)) {
      if (element.kind === 'field' || element.kind === 'extension') checkField(check, element);
      if (element.kind === 'enum') checkOpenEnum(check, element);
    }
    checkJsonNames(proto, file.edition, resolver, records, problems);
    checkNamingStyle(check);
    checkStrictVisibility(check);
  }
  checkReferences(types, records, resolver, problems);
}

function report(check: FeatureCheck, element: object, message: string, hint?: string): void {
  check.problems.add(check.file.proto.name, check.records.spans.get(element), message, hint);
}

function written(check: FeatureCheck, element: object): FeatureSet | undefined {
  return check.records.written.get(element);
}

/** protoc's ValidateFileFeatures. */
function checkFile(check: FeatureCheck): void {
  const { proto } = check.file;
  if (written(check, proto)?.fieldPresence === Presence.LEGACY_REQUIRED) {
    report(
      check,
      proto,
      "Required presence can't be specified by default.",
      'Set features.field_presence = LEGACY_REQUIRED on the fields that need it.',
    );
  }
  if (proto.options?.javaStringCheckUtf8) {
    report(
      check,
      proto,
      'File option java_string_check_utf8 is not allowed under editions.',
      'Use the (pb.java).utf8_validation feature to control this behavior.',
    );
  }
}

/** protoc's ValidateFieldFeatures (and the edition 2024 ctype rule). */
function checkField(check: FeatureCheck, field: DescField | DescExtension): void {
  const { proto } = field;
  const options = proto.options;
  const repeated = field.fieldKind === 'list' || field.fieldKind === 'map';
  if (options && isFieldSet(options, FieldOptionsSchema.field.packed)) {
    report(
      check,
      proto,
      'Field option packed is not allowed under editions.',
      'Use [features.repeated_field_encoding = PACKED] (or EXPANDED) instead.',
    );
  }
  if (
    check.file.edition >= Edition.EDITION_2024 &&
    options &&
    isFieldSet(options, FieldOptionsSchema.field.ctype)
  ) {
    report(
      check,
      proto,
      'ctype option is not allowed under edition 2024 and beyond.',
      'Use the feature (pb.cpp).string_type = VIEW|CORD|STRING instead.',
    );
  }
  if (!repeated && field.presence === Presence.IMPLICIT) {
    if (isFieldSet(proto, FieldDescriptorProtoSchema.field.defaultValue)) {
      report(
        check,
        proto,
        "Implicit presence fields can't specify defaults.",
        'Remove the default, or give the field explicit presence.',
      );
    }
    const enumType = field.fieldKind === 'enum' ? field.enum : undefined;
    if (enumType && !enumType.open)
      report(
        check,
        proto,
        'Implicit presence enum fields must always be open.',
        `"${enumType.typeName}" is a closed enum.`,
      );
  }
  const features = written(check, proto);
  if (field.kind === 'extension' && features?.fieldPresence === Presence.LEGACY_REQUIRED)
    report(check, proto, "Extensions can't be required.");
  // Features on a map entry's key and value are copies of the map field's, checked there.
  if (!features || field.parent?.proto.options?.mapEntry) return;
  checkWrittenFeatures(check, field, features, repeated);
}

/** The checks on features written on the field itself. */
function checkWrittenFeatures(
  check: FeatureCheck,
  field: DescField | DescExtension,
  features: FeatureSet,
  repeated: boolean,
): void {
  const { proto } = field;
  if (features.fieldPresence !== Presence.FIELD_PRESENCE_UNKNOWN) {
    if (field.kind === 'field' && field.oneof)
      report(check, proto, "Oneof fields can't specify field presence.");
    else if (repeated) report(check, proto, "Repeated fields can't specify field presence.");
    else if (field.kind === 'extension' && features.fieldPresence !== Presence.LEGACY_REQUIRED)
      report(check, proto, "Extensions can't specify field presence.");
    else if (field.fieldKind === 'message' && features.fieldPresence === Presence.IMPLICIT)
      report(check, proto, "Message fields can't specify implicit presence.");
  }
  if (!repeated && features.repeatedFieldEncoding !== Encoding.REPEATED_FIELD_ENCODING_UNKNOWN) {
    report(check, proto, 'Only repeated fields can specify repeated field encoding.');
  }
  if (features.utf8Validation !== 0 && !isStringOrStringMap(field))
    report(check, proto, 'Only string fields can specify utf8 validation.');
  if (
    features.repeatedFieldEncoding === Encoding.PACKED &&
    !(field.fieldKind === 'list' && isPackable(field))
  ) {
    report(check, proto, 'Only repeated primitive fields can specify PACKED repeated field encoding.');
  }
  const isMessage =
    field.fieldKind === 'message' || (field.fieldKind === 'list' && field.listKind === 'message');
  if (features.messageEncoding !== 0 && !isMessage)
    report(check, proto, 'Only message fields can specify message encoding.');
}

function isStringOrStringMap(field: DescField | DescExtension): boolean {
  if (field.fieldKind === 'map')
    return (
      field.mapKey === ScalarType.STRING || (field.mapKind === 'scalar' && field.scalar === ScalarType.STRING)
    );
  return field.proto.type === T.STRING;
}

function isPackable(field: DescField | DescExtension): boolean {
  return (
    field.proto.type !== T.STRING &&
    field.proto.type !== T.BYTES &&
    field.proto.type !== T.MESSAGE &&
    field.proto.type !== T.GROUP
  );
}

/** protoc's enum check for editions: an open enum's first value is its default, so it must be zero. */
function checkOpenEnum(check: FeatureCheck, enumType: DescEnum): void {
  const first = enumType.values[0];
  if (enumType.open && first && first.number !== 0) {
    report(
      check,
      first.proto,
      'The first enum value must be zero for open enums.',
      `Add a zero value first, or make "${enumType.name}" closed with option features.enum_type = CLOSED;.`,
    );
  }
}
