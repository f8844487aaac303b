import type { DescEnum, DescExtension, DescField } from '@bufbuild/protobuf';
import {
  Edition,
  FieldOptions_OptionTargetType as Target,
  type FieldOptions_FeatureSupport,
} from '@bufbuild/protobuf/wkt';
import type { Span } from './ast';
import { editionText } from './editions';
import type { PendingOptions } from './linker-context';
import { featuresEntry, type OptionMessage } from './options-encode';
import type { Problems } from './problems';

/** protoc's names of option targets, as its messages print them. */
const targetNames: Record<Target, string> = {
  [Target.TARGET_TYPE_UNKNOWN]: 'unknown',
  [Target.TARGET_TYPE_FILE]: 'file',
  [Target.TARGET_TYPE_EXTENSION_RANGE]: 'extension range',
  [Target.TARGET_TYPE_MESSAGE]: 'message',
  [Target.TARGET_TYPE_FIELD]: 'field',
  [Target.TARGET_TYPE_ONEOF]: 'oneof',
  [Target.TARGET_TYPE_ENUM]: 'enum',
  [Target.TARGET_TYPE_ENUM_ENTRY]: 'enum entry',
  [Target.TARGET_TYPE_SERVICE]: 'service',
  [Target.TARGET_TYPE_METHOD]: 'method',
};

/**
 * The rules on options that depend on where they are set, as protoc applies them once options are interpreted:
 * features only in editions files, the `targets` an option allows, and the editions an option, feature or
 * feature value exists in (`feature_support`). Returns false after reporting a problem.
 */
export function checkOptionRules(root: OptionMessage, item: PendingOptions, problems: Problems): boolean {
  const before = problems.list.length;
  const features = featuresEntry(root);
  if (features && item.edition < Edition.EDITION_2023) {
    problems.add(
      item.file,
      features.span,
      'Features are only valid under editions.',
      'Features ("features.*" options) need edition = "2023" or later; proto2 and proto3 behave as their syntax says.',
    );
    return false;
  }
  const featureSet = features?.values[0];
  if (typeof featureSet === 'object' && 'desc' in featureSet) checkKnownValues(featureSet, item, problems);
  checkMessage(root, item, problems);
  return problems.list.length === before;
}

/** protoc's ValidateMergedFeatures: a core feature cannot be set to its UNKNOWN value. */
function checkKnownValues(features: OptionMessage, item: PendingOptions, problems: Problems): void {
  for (const { field, values, span } of features.fields.values()) {
    if (field.kind !== 'field' || !field.enum || values[0] !== 0) continue;
    problems.add(
      item.file,
      span,
      `Feature field \`${field.name}\` must resolve to a known value, found ${field.enum.values.find((v) => v.number === 0)?.name ?? '0'}`,
    );
  }
}

function checkMessage(message: OptionMessage, item: PendingOptions, problems: Problems): void {
  for (const { field, values, span } of message.fields.values()) {
    const name = fullName(field);
    const targets = field.proto.options?.targets ?? [];
    if (targets.length > 0 && !targets.includes(item.target)) {
      problems.add(
        item.file,
        span,
        `Option ${name} cannot be set on an entity of type \`${targetNames[item.target]}\`.`,
        `It can be set on: ${targets.map((t) => targetNames[t]).join(', ')}.`,
      );
    }
    checkSupport(name, field.proto.options?.featureSupport, span, item, problems);
    for (const value of values) {
      if (field.enum && typeof value === 'number') checkEnumValue(field.enum, value, span, item, problems);
      if (typeof value === 'object' && 'desc' in value) checkMessage(value, item, problems);
    }
  }
}

function checkEnumValue(
  enumType: DescEnum,
  number: number,
  span: Span,
  item: PendingOptions,
  problems: Problems,
): void {
  const value = enumType.values.find((v) => v.number === number);
  // Enum values are siblings of their enum in protoc's full names.
  const scope = enumType.typeName.slice(0, Math.max(0, enumType.typeName.lastIndexOf('.')));
  if (value)
    checkSupport(
      scope ? `${scope}.${value.name}` : value.name,
      value.proto.options?.featureSupport,
      span,
      item,
      problems,
    );
}

/** protoc's ValidateSingleFeatureLifetimes (deprecation warnings aside). */
function checkSupport(
  name: string,
  support: FieldOptions_FeatureSupport | undefined,
  span: Span,
  item: PendingOptions,
  problems: Problems,
): void {
  if (!support) return;
  const edition = editionText(item.edition);
  if (item.edition < support.editionIntroduced) {
    problems.add(
      item.file,
      span,
      `${name} wasn't introduced until edition ${editionText(support.editionIntroduced)} and can't be used in edition ${edition}`,
    );
  }
  if (support.editionRemoved !== Edition.EDITION_UNKNOWN && item.edition >= support.editionRemoved) {
    const why = support.removalError ? `: ${support.removalError}` : '';
    problems.add(
      item.file,
      span,
      `${name} has been removed in edition ${editionText(support.editionRemoved)}${why}`,
    );
  }
}

/** protoc's full name of a field (`google.protobuf.FeatureSet.field_presence`) or extension (`pb.cpp`). */
function fullName(field: DescField | DescExtension): string {
  return field.kind === 'extension' ? field.typeName : `${field.parent.typeName}.${field.name}`;
}
