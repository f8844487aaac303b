import type { DescEnum, DescMessage } from '@bufbuild/protobuf';
import {
  FeatureSet_VisibilityFeature_DefaultSymbolVisibility as Default,
  SymbolVisibility,
} from '@bufbuild/protobuf/wkt';
import { fileElements } from './desc-elements';
import type { FeatureCheck } from './feature-check';
import { protoChain, type FeatureResolver } from './feature-resolver';
import type { LinkRecords } from './link-records';
import type { OptionTypes } from './options-types';
import type { Problems } from './problems';
import { MAX_FIELD_NUMBER } from './ranges';

type Visible = DescMessage | DescEnum;

function defaultVisibility(type: Visible, resolver: FeatureResolver): Default {
  return resolver.resolve('defaultSymbolVisibility', protoChain(type), type.file.edition);
}

/** protoc's GetEffectiveVisibility: the `export` / `local` written, else what the file's default_symbol_visibility makes it. */
function isLocal(type: Visible, resolver: FeatureResolver): boolean {
  if (type.proto.visibility !== SymbolVisibility.VISIBILITY_UNSET)
    return type.proto.visibility === SymbolVisibility.VISIBILITY_LOCAL;
  switch (defaultVisibility(type, resolver)) {
    case Default.EXPORT_TOP_LEVEL:
      return type.parent !== undefined;
    case Default.LOCAL_ALL:
    case Default.STRICT:
      return true;
    default:
      return false;
  }
}

/** Edition 2024's symbol visibility: a message or enum that is local to its file cannot be used from another file. */
export function checkReferences(
  types: OptionTypes,
  records: LinkRecords,
  resolver: FeatureResolver,
  problems: Problems,
): void {
  for (const ref of records.references) {
    const type = types.message(ref.fullName) ?? types.enumType(ref.fullName);
    if (!type || !isLocal(type, resolver)) continue;
    const defined = type.file.proto.name;
    const why =
      type.proto.visibility === SymbolVisibility.VISIBILITY_LOCAL
        ? 'It is marked "local".'
        : `It is local by default: "${defined}" has features.default_symbol_visibility = ${Default[defaultVisibility(type, resolver)]}.`;
    problems.add(
      ref.file,
      ref.span,
      `"${ref.fullName}" (the ${ref.usage}) is defined in "${defined}" and is not visible from "${ref.file}".`,
      `${why} Mark it "export" to use it from other files.`,
    );
  }
}

/**
 * protoc's SymbolChecker: under default_symbol_visibility = STRICT, nested messages and enums cannot be `export`,
 * except an enum namespaced in a local top-level message that reserves 1 to max.
 */
export function checkStrictVisibility(check: FeatureCheck): void {
  for (const element of fileElements(check.file)) {
    if ((element.kind !== 'message' && element.kind !== 'enum') || !element.parent) continue;
    if (
      element.proto.visibility !== SymbolVisibility.VISIBILITY_EXPORT ||
      defaultVisibility(element, check.resolver) !== Default.STRICT
    )
      continue;
    if (element.kind === 'enum' && isEnumNamespace(element.parent, check.resolver)) continue;
    check.problems.add(
      check.file.proto.name,
      check.records.spans.get(element.proto),
      `"${element.typeName}" is a nested ${element.kind} and cannot be "export" under STRICT default_symbol_visibility.`,
      element.kind === 'enum'
        ? 'Move it to the top level, or namespace it: local message Outer { export enum ... reserved 1 to max; }'
        : 'Move it to the top level (ideally in its own file) to export it.',
    );
  }
}

function isEnumNamespace(container: DescMessage, resolver: FeatureResolver): boolean {
  const [range] = container.proto.reservedRange;
  return (
    container.parent === undefined &&
    isLocal(container, resolver) &&
    container.proto.reservedRange.length === 1 &&
    range?.start === 1 &&
    range.end === MAX_FIELD_NUMBER + 1
  );
}
