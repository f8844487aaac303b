import type { DescEnum, DescEnumValue, DescField, DescMessage, DescOneof } from '@bufbuild/protobuf';
import { FeatureSet_FieldPresence } from '@bufbuild/protobuf/wkt';
import { exclusive, oneofConstraints } from './json-schema-oneof';
import { gotToken } from '../../../shared/schema-messages';
import { listNames } from './json-check';
import { scalarName } from './json-scalars';
import { enumSchema, expects, mapKeySchema, scalarSchema } from './json-schema-scalars';
import { opensValueList, type JsonSchema } from './json-schema-types';
import {
  messageExpectation,
  refTo,
  takesObject,
  wellKnownDependencies,
  wellKnownSchema,
} from './json-schema-wkt';

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
      : messageSchema(desc, docs, pending, definitions);
    if (wellKnown) {
      for (const name of wellKnownDependencies(desc)) {
        const dependency = desc.file.messages.find((m) => m.typeName === name);
        if (dependency) pending.push(dependency);
      }
    }
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    ...messageRef(message, 'the request'),
    definitions,
  };
}

/**
 * A reference to a message's definition, with the message for a value of the wrong kind beside it (definitions are
 * shared, so only the reference knows the field). Monaco merges the definition into the reference, keeping this
 * `errorMessage` wherever the definition has none.
 */
export function messageRef(desc: DescMessage, label: string): JsonSchema {
  const expectation = messageExpectation(desc);
  const ref: JsonSchema = { $ref: refTo(desc.typeName) };
  if (takesObject(desc)) Object.assign(ref, opensValueList({}));
  return expectation ? { ...ref, errorMessage: expects(label, expectation) } : ref;
}

/**
 * Which keys a message accepts, as `propertyNames` rather than `additionalProperties: false`: Monaco reports a
 * closed object's stray key with the object's own `errorMessage` (which speaks of the object's type), but a
 * `propertyNames` failure with this one, at the key.
 */
export function fieldNames(typeName: string, names: string[], suggested: string[]): JsonSchema {
  const short = typeName.slice(typeName.lastIndexOf('.') + 1);
  const errorMessage =
    suggested.length === 0
      ? `${gotToken} is not a field: ${short} has no fields.`
      : `${gotToken} is not a field of ${short}. Its fields: ${listNames(suggested)}.`;
  return names.length === 0 ? { not: {}, errorMessage } : { enum: names, doNotSuggest: true, errorMessage };
}

/** The definition of an ordinary message; definitions its rules refer to go into `definitions`. */
function messageSchema(
  desc: DescMessage,
  docs: DocLookup,
  pending: DescMessage[],
  definitions: Record<string, JsonSchema>,
): JsonSchema {
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
  for (const oneof of desc.oneofs) {
    const rules = oneofConstraints(oneof);
    constraints.push(...rules.constraints);
    Object.assign(definitions, rules.definitions);
  }
  const schema: JsonSchema = {
    type: 'object',
    title: desc.name,
    properties,
    propertyNames: fieldNames(
      desc.typeName,
      Object.keys(properties),
      desc.fields.map((f) => f.jsonName),
    ),
  };
  if (required.length > 0) schema.required = required;
  if (constraints.length > 0) schema.allOf = constraints;
  return withDoc(schema, docs(desc));
}

function fieldSchema(field: DescField, docs: DocLookup, pending: DescMessage[]): JsonSchema {
  const label = field.jsonName;
  const element = valueSchema(field, docs, pending, label);
  let schema: JsonSchema;
  switch (field.fieldKind) {
    case 'list':
      schema = {
        type: 'array',
        items: element,
        ...opensValueList([]),
        errorMessage: expects(label, `repeated ${typeLabel(field)} expects a list [ ]`),
      };
      break;
    case 'map': {
      const map = `map<${scalarName(field.mapKey)}, ${typeLabel(field)}>`;
      schema = {
        type: 'object',
        additionalProperties: element,
        ...opensValueList({}),
        errorMessage: expects(label, `${map} expects an object {"key": value}`),
      };
      const keys = mapKeySchema(field.mapKey, label);
      if (keys) schema.propertyNames = keys;
      break;
    }
    default:
      schema = element;
  }
  if (field.deprecated) schema.deprecationMessage = `${field.name} is deprecated.`;
  return withDoc(schema, docs(field));
}

type ValueField = {
  scalar: DescField['scalar'];
  enum: DescEnum | undefined;
  message: DescMessage | undefined;
};

/** The schema of one value of a field (the element for lists and maps); `label` names the field in messages. */
function valueSchema(field: ValueField, docs: DocLookup, pending: DescMessage[], label: string): JsonSchema {
  if (field.message) {
    pending.push(field.message);
    return messageRef(field.message, label);
  }
  if (field.enum) return withDoc(enumSchema(field.enum, docs, label), docs(field.enum));
  return field.scalar === undefined ? {} : scalarSchema(field.scalar, label);
}

/** The proto type of a field's values, as a message names it: `int32`, `Color`, `Pet`. */
function typeLabel(field: ValueField): string {
  return (
    field.message?.name ?? field.enum?.name ?? (field.scalar === undefined ? '' : scalarName(field.scalar))
  );
}

/** Adds a description when there is one; keeps existing type notes after the comment. */
function withDoc(schema: JsonSchema, doc: string | undefined): JsonSchema {
  if (!doc) return schema;
  const description = schema.description ? `${doc}\n\n(${schema.description})` : doc;
  return { ...schema, description, markdownDescription: description };
}
