import { type DescEnum, type DescField, type DescMessage, type DescMethod } from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import type { DocComments, DocType, EnumDoc, FieldDoc, MessageDoc, MethodDocs } from '../../shared/docs';
import { docComments } from './docs';
import { scalarName } from './json/json-scalars';
import { methodKind } from './method-tree';

/** Most message and enum types one method's docs list; googleapis methods can reach hundreds. */
export const maxDocTypes = 200;

/**
 * The Docs view's content for a method: its comments, then its request and response messages and every message and enum
 * they reach (fields' types and nested declarations), breadth first, each once. Well-known types (google.protobuf.*)
 * are named but not expanded, unless the method takes or returns one itself.
 */
export function methodDocs(method: DescMethod): MethodDocs {
  // A method may take and return the same message: it is listed once.
  const queue: (DescMessage | DescEnum)[] = [...new Set([method.input, method.output])];
  const listed = new Set<string>(queue.map((desc) => desc.typeName));
  const reached = new Set<string>(listed);
  const documented = (desc: DescMessage | DescEnum): boolean => listed.has(desc.typeName);
  let omitted = 0;
  // A type joins the view while there is room; the rest are counted.
  const reach = (desc: DescMessage | DescEnum): void => {
    if (reached.has(desc.typeName)) return;
    reached.add(desc.typeName);
    if (desc.typeName.startsWith('google.protobuf.')) return;
    if (listed.size >= maxDocTypes) {
      omitted++;
      return;
    }
    listed.add(desc.typeName);
    queue.push(desc);
  };
  const order: (DescMessage | DescEnum)[] = [];
  for (let i = 0; i < queue.length; i++) {
    const desc = queue[i]!;
    order.push(desc);
    if (desc.kind === 'enum') continue;
    for (const field of desc.fields) {
      const type = field.message ?? field.enum;
      if (type) reach(type);
    }
    for (const nested of [...desc.nestedMessages, ...desc.nestedEnums]) reach(nested);
  }
  const typeOf = (field: DescField): DocType => docType(field, documented);
  const messages = order.flatMap((desc) => (desc.kind === 'message' ? [messageDoc(desc, typeOf)] : []));
  const enums = order.flatMap((desc) => (desc.kind === 'enum' ? [enumDoc(desc)] : []));
  const service = method.parent;
  const docs: Omit<MethodDocs, 'hasComments'> = {
    fullName: `${service.typeName}.${method.name}`,
    kind: methodKind(method),
    comments: docComments(method),
    service: { fullName: service.typeName, comments: docComments(service) },
    file: service.file.proto.name,
    inputType: method.input.typeName,
    outputType: method.output.typeName,
    messages,
    enums,
    omitted,
  };
  return { ...docs, hasComments: anyComment(docs) };
}

function docType(field: DescField, documented: (desc: DescMessage | DescEnum) => boolean): DocType {
  // Every field variant carries message, enum and scalar, undefined where they do not apply.
  const type = field.message ?? field.enum;
  if (type) return { name: type.typeName, kind: type.kind, documented: documented(type) };
  return {
    name: field.scalar === undefined ? '' : scalarName(field.scalar),
    kind: 'scalar',
    documented: false,
  };
}

function fieldLabel(field: DescField): FieldDoc['label'] {
  if (field.fieldKind === 'list') return 'repeated';
  if (field.fieldKind === 'map') return 'map';
  if (field.presence === FeatureSet_FieldPresence.LEGACY_REQUIRED) return 'required';
  // Messages always have presence: "optional" says something only for scalars and enums outside a oneof.
  const explicit = field.presence === FeatureSet_FieldPresence.EXPLICIT && field.fieldKind !== 'message';
  return explicit && !field.oneof ? 'optional' : '';
}

function messageDoc(desc: DescMessage, typeOf: (field: DescField) => DocType): MessageDoc {
  return {
    fullName: desc.typeName,
    file: desc.file.proto.name,
    comments: docComments(desc),
    oneofs: desc.oneofs.map((oneof) => ({ name: oneof.name, comments: docComments(oneof) })),
    fields: desc.fields.map((field) => ({
      name: field.name,
      jsonName: field.jsonName,
      number: field.number,
      label: fieldLabel(field),
      type: typeOf(field),
      ...(field.fieldKind === 'map' ? { mapKey: scalarName(field.mapKey) } : {}),
      ...(field.oneof ? { oneof: field.oneof.name } : {}),
      deprecated: field.deprecated,
      comments: docComments(field),
    })),
  };
}

function enumDoc(desc: DescEnum): EnumDoc {
  return {
    fullName: desc.typeName,
    file: desc.file.proto.name,
    comments: docComments(desc),
    values: desc.values.map((value) => ({
      name: value.name,
      number: value.number,
      comments: docComments(value),
    })),
  };
}

function anyComment(docs: Omit<MethodDocs, 'hasComments'>): boolean {
  const commented = (c: DocComments): boolean => c.leading !== '' || c.trailing !== '';
  return (
    commented(docs.comments) ||
    commented(docs.service.comments) ||
    docs.messages.some(
      (m) =>
        commented(m.comments) ||
        m.fields.some((f) => commented(f.comments)) ||
        m.oneofs.some((o) => commented(o.comments)),
    ) ||
    docs.enums.some((e) => commented(e.comments) || e.values.some((v) => commented(v.comments)))
  );
}
