import {
  getExtension,
  hasExtension,
  type DescExtension,
  type DescFile,
  type DescMessage,
  type FileRegistry,
  type Message,
} from '@bufbuild/protobuf';
import { isReflectMessage, reflect } from '@bufbuild/protobuf/reflect';
import { FeatureSetSchema } from '@bufbuild/protobuf/wkt';
import { languageFeatures } from './language-features';
import { extensionValues, fieldValues, type OptionValue } from './values';

/** One `name = value` option as it will be printed. */
export interface PrintedOption {
  name: string;
  value: OptionValue;
}

/** Options grouped per option field (a repeated option gives several), sorted the way grpcurl sorts them. */
export type OptionGroups = PrintedOption[][];

const extensionIndex = new WeakMap<FileRegistry, Map<string, DescExtension[]>>();

/** Every extension in the registry, grouped by the message it extends. */
function extensionsOf(registry: FileRegistry, extendee: string): DescExtension[] {
  let index = extensionIndex.get(registry);
  if (!index) {
    index = new Map();
    for (const desc of registry) {
      if (desc.kind !== 'extension') continue;
      const list = index.get(desc.extendee.typeName) ?? [];
      list.push(desc);
      index.set(desc.extendee.typeName, list);
    }
    extensionIndex.set(registry, index);
  }
  return index.get(extendee) ?? [];
}

/** Files whose options a file can use: itself, its imports and option imports, and what those re-export with `import public`. */
function visibleFiles(file: DescFile, registry: FileRegistry): Set<DescFile> {
  const seen = new Set<DescFile>([file]);
  const addPublic = (dep: DescFile): void => {
    if (seen.has(dep)) return;
    seen.add(dep);
    for (const i of dep.proto.publicDependency) {
      const next = dep.dependencies[i];
      if (next) addPublic(next);
    }
  };
  file.dependencies.forEach(addPublic);
  for (const name of file.proto.optionDependency) {
    const dep = registry.getFile(name);
    if (dep) addPublic(dep);
  }
  return seen;
}

/** Custom options of `extendee` (an options message or FeatureSet) set on `options`, visible from `file`. */
function customOptions(
  options: Message,
  extendee: string,
  visible: Set<DescFile>,
  registry: FileRegistry,
  prefix: string,
): OptionGroups {
  const groups: OptionGroups = [];
  const known = extensionsOf(registry, extendee).filter((ext) => visible.has(ext.file));
  // Language features the schema has no definition of are still printed (see language-features.ts).
  const fallback =
    extendee === FeatureSetSchema.typeName
      ? languageFeatures().filter((f) => !known.some((k) => k.number === f.number))
      : [];
  for (const ext of [...known, ...fallback]) {
    if (!hasExtension(options, ext)) continue;
    const name = `${prefix}(.${ext.typeName})`;
    if (extendee === FeatureSetSchema.typeName && ext.message) {
      groups.push(...featureOptions(ext.message, getExtension(options, ext) as Message, `${name}.`));
      continue;
    }
    const values = extensionValues(ext, getExtension(options, ext));
    if (values.length > 0) groups.push(values.map((value) => ({ name, value })));
  }
  return groups;
}

/** Features one per option, as they are written: `features.field_presence = IMPLICIT`, `features.(.pb.cpp).string_type = VIEW`. */
function featureOptions(schema: DescMessage, features: Message, prefix: string): OptionGroups {
  const groups: OptionGroups = [];
  const r = reflect(schema, features);
  for (const field of r.sortedFields) {
    if (!r.isSet(field)) continue;
    const values = fieldValues(field, r.get(field));
    if (values.length > 0) groups.push(values.map((value) => ({ name: `${prefix}${field.name}`, value })));
  }
  return groups;
}

/** Standard options first (features among them), then custom ones in parentheses; each kind by name. */
export function compareOptionGroups(a: PrintedOption[], b: PrintedOption[]): number {
  const x = a[0]?.name ?? '';
  const y = b[0]?.name ?? '';
  const custom = Number(x.startsWith('(')) - Number(y.startsWith('('));
  if (custom !== 0) return custom;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The options set on an element: fields of its `google.protobuf.*Options` message, plus custom options
 * (extensions found in the registry and visible from the element's file). Unknown options are left out.
 */
export function extractOptions(
  schema: DescMessage,
  options: Message | undefined,
  file: DescFile,
  registry: FileRegistry,
): OptionGroups {
  if (!options) return [];
  const groups: OptionGroups = [];
  const visible = visibleFiles(file, registry);
  const r = reflect(schema, options);
  for (const field of r.fields) {
    if (!r.isSet(field) || field.name === 'uninterpreted_option') continue;
    const value = r.get(field);
    if (field.name === 'features' && isReflectMessage(value)) {
      groups.push(...featureOptions(FeatureSetSchema, value.message, 'features.'));
      groups.push(...customOptions(value.message, FeatureSetSchema.typeName, visible, registry, 'features.'));
      continue;
    }
    const values = fieldValues(field, value);
    if (values.length > 0) groups.push(values.map((v) => ({ name: field.name, value: v })));
  }
  groups.push(...customOptions(options, schema.typeName, visible, registry, ''));
  return groups.sort(compareOptionGroups);
}
