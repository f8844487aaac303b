import { create } from '@bufbuild/protobuf';
import {
  DescriptorProtoSchema,
  FieldDescriptorProto_Label as L,
  FieldDescriptorProto_Type as T,
  FieldDescriptorProtoSchema,
  FieldOptions_OptionTargetType as Target,
  FieldOptionsSchema,
  MessageOptionsSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { MapFieldAst } from './ast';
import { resolveFieldType, scalarType } from './field-types';
import { jsonName, mapEntryName } from './json-name';
import { pendOptions, qualify, report, type LinkContext } from './linker-context';

const invalidKeys = new Set([T.FLOAT, T.DOUBLE, T.BYTES]);

/** Builds a map field and its synthesized `XxxEntry` message (map_entry, key = 1, value = 2). */
export function buildMapField(
  ctx: LinkContext,
  scope: string,
  node: MapFieldAst,
  path: number[],
): { field: FieldDescriptorProto; entry: DescriptorProto } {
  const entryName = mapEntryName(node.name);
  const entryFull = qualify(scope, entryName);
  const key = create(FieldDescriptorProtoSchema, {
    name: 'key',
    number: 1,
    label: L.OPTIONAL,
    jsonName: 'key',
  });
  const keyType = scalarType(node.keyType);
  if (keyType === undefined || invalidKeys.has(keyType)) {
    const resolved =
      keyType === undefined
        ? resolveFieldType(ctx, node.keyType, node.typeSpan, `${entryFull}.key`)
        : undefined;
    const what = resolved?.type === T.ENUM ? 'enum types' : 'float/double, bytes or message types';
    if (keyType !== undefined || resolved)
      report(
        ctx,
        node.typeSpan,
        `Key in map fields cannot be ${what}.`,
        'Use an integer, bool or string key.',
      );
  } else {
    key.type = keyType;
  }
  const value = create(FieldDescriptorProtoSchema, {
    name: 'value',
    number: 2,
    label: L.OPTIONAL,
    jsonName: 'value',
  });
  const resolved = resolveFieldType(ctx, node.valueType, node.typeSpan, `${entryFull}.value`);
  if (resolved) {
    value.type = resolved.type;
    if (resolved.typeName !== undefined) value.typeName = `.${resolved.typeName}`;
  }
  const entry = create(DescriptorProtoSchema, {
    name: entryName,
    field: [key, value],
    options: create(MessageOptionsSchema, { mapEntry: true }),
  });
  const field = create(FieldDescriptorProtoSchema, {
    name: node.name,
    number: node.number,
    label: L.REPEATED,
    type: T.MESSAGE,
    typeName: `.${entryFull}`,
    jsonName: jsonName(node.name),
  });
  const rest = node.options.filter(
    (o) => !(o.name.length === 1 && o.name[0]?.name === 'json_name' && !o.name[0].isExtension),
  );
  const custom = node.options.find(
    (o) => o.name.length === 1 && o.name[0]?.name === 'json_name' && !o.name[0].isExtension,
  );
  if (custom?.value.kind === 'string') field.jsonName = new TextDecoder().decode(custom.value.value);
  pendOptions(ctx, field, Target.TARGET_TYPE_FIELD, qualify(scope, node.name), rest, FieldOptionsSchema);
  // protoc's parser copies the features written on a map field to its entry's key and value (GenerateMapEntry).
  const features = rest.filter((o) => o.name[0]?.name === 'features' && !o.name[0].isExtension);
  pendOptions(ctx, key, Target.TARGET_TYPE_FIELD, `${entryFull}.key`, features, FieldOptionsSchema);
  pendOptions(ctx, value, Target.TARGET_TYPE_FIELD, `${entryFull}.value`, features, FieldOptionsSchema);
  for (const element of [field, entry, key, value]) ctx.records.spans.set(element, node.nameSpan);
  ctx.source.add(path, node.span, node.comments);
  return { field, entry };
}
