import {
  getExtension,
  hasExtension,
  type DescExtension,
  type DescFile,
  type DescMessage,
  type FileRegistry,
  type Message,
} from '@bufbuild/protobuf';
import { reflect } from '@bufbuild/protobuf/reflect';
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

/** Files whose names a file can use: itself, its imports, and what those re-export with `import public`. */
function visibleFiles(file: DescFile): Set<DescFile> {
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
  return seen;
}

/** Standard options first, then custom ones in parentheses; each kind by name. */
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
  const r = reflect(schema, options);
  for (const field of r.fields) {
    if (!r.isSet(field) || field.name === 'uninterpreted_option') continue;
    const values = fieldValues(field, r.get(field));
    if (values.length > 0) groups.push(values.map((value) => ({ name: field.name, value })));
  }
  const visible = visibleFiles(file);
  for (const ext of extensionsOf(registry, schema.typeName)) {
    if (!visible.has(ext.file) || !hasExtension(options, ext)) continue;
    const values = extensionValues(ext, getExtension(options, ext));
    if (values.length > 0) groups.push(values.map((value) => ({ name: `(.${ext.typeName})`, value })));
  }
  return groups.sort(compareOptionGroups);
}
