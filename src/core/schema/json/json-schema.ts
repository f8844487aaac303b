import type { DescEnum, DescEnumValue, DescField, DescMessage, DescOneof } from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import { exclusive, oneofConstraints } from './json-schema-oneof';
import { enumSchema, mapKeySchema, scalarSchema } from './json-schema-scalars';
import type { JsonSchema } from './json-schema-types';
import { refTo, wellKnownDependencies, wellKnownSchema } from './json-schema-wkt';

/** Supplies the comment of a declaration (e.g. docComment from ../docs), or undefined. */
export type DocLookup = (
  desc: DescMessage | DescField | DescEnum | DescEnumValue | DescOneof,
) => string | undefined;

/**
 * The JSON Schema of a request for `message`: draft-07, one `definitions` entry per message type with `$ref`s
 * between them (so recursion is finite), which is the dialect Monaco's JSON language service supports fully.
 */
export function toJsonSchema(message: DescMessage, docs: DocLookup = () => undefined): JsonSchema {
  const definitions: Record<string, JsonSchema> = {};
  const pending: DescMessage[] = [message];
  for (let desc = pending.pop(); desc !== undefined; desc = pending.pop()) {
    if (definitions[desc.typeName]) continue;
    const wellKnown = wellKnownSchema(desc);
    definitions[desc.typeName] = wellKnown
      ? withDoc(wellKnown, docs(desc))
      : messageSchema(desc, docs, pending);
    if (wellKnown) {
      for (const name of wellKnownDependencies(desc)) {
        const dependency = desc.file.messages.find((m) => m.typeName === name);
        if (dependency) pending.push(dependency);
      }
    }
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', $ref: refTo(message.typeName), definitions };
}

function messageSchema(desc: DescMessage, docs: DocLookup, pending: DescMessage[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const constraints: JsonSchema[] = [];
  const required: string[] = [];
  for (const field of desc.fields) {
    // proto2 `required` and editions' LEGACY_REQUIRED: a message without the field cannot be encoded.
    if (field.presence === FeatureSet_FieldPresence.LEGACY_REQUIRED) {
      if (field.name === field.jsonName) required.push(field.name);
      else
        constraints.push({
          anyOf: [{ required: [field.jsonName] }, { required: [field.name] }],
          errorMessage: `Missing required field "${field.jsonName}".`,
        });
    }
    const schema = fieldSchema(field, docs, pending);
    properties[field.jsonName] = schema;
    if (field.name !== field.jsonName) {
      // The proto name is accepted too, but not offered: completion shows the JSON names protojson prints.
      properties[field.name] = {
        ...schema,
        doNotSuggest: true,
        description: `Alias of "${field.jsonName}".`,
      };
      constraints.push(
        exclusive([field.jsonName, field.name], `Set "${field.jsonName}" or "${field.name}", not both.`),
      );
    }
  }
  for (const oneof of desc.oneofs) constraints.push(...oneofConstraints(oneof));
  const schema: JsonSchema = { type: 'object', title: desc.name, properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  if (constraints.length > 0) schema.allOf = dedupe(constraints);
  return withDoc(schema, docs(desc));
}

function dedupe(schemas: JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return schemas.filter((s) => {
    const key = JSON.stringify(s.not?.required ?? s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fieldSchema(field: DescField, docs: DocLookup, pending: DescMessage[]): JsonSchema {
  const element = valueSchema(field, docs, pending);
  let schema: JsonSchema;
  switch (field.fieldKind) {
    case 'list':
      schema = { type: 'array', items: element };
      break;
    case 'map': {
      schema = { type: 'object', additionalProperties: element };
      const keys = mapKeySchema(field.mapKey);
      if (keys) schema.propertyNames = keys;
      break;
    }
    default:
      schema = element;
  }
  if (field.deprecated) schema.deprecationMessage = `${field.name} is deprecated.`;
  return withDoc(schema, docs(field));
}

/** The schema of one value of a field (the element for lists and maps). */
function valueSchema(
  field: { scalar: DescField['scalar']; enum: DescEnum | undefined; message: DescMessage | undefined },
  docs: DocLookup,
  pending: DescMessage[],
): JsonSchema {
  if (field.message) {
    pending.push(field.message);
    return { $ref: refTo(field.message.typeName) };
  }
  if (field.enum) return withDoc(enumSchema(field.enum, docs), docs(field.enum));
  return field.scalar === undefined ? {} : scalarSchema(field.scalar);
}

/** Adds a description when there is one; keeps existing type notes after the comment. */
function withDoc(schema: JsonSchema, doc: string | undefined): JsonSchema {
  if (!doc) return schema;
  const description = schema.description ? `${doc}\n\n(${schema.description})` : doc;
  return { ...schema, description, markdownDescription: description };
}
