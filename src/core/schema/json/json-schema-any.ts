import type { DescMessage, Registry } from '@bufbuild/protobuf';
import { fieldNames, messageRef, toJsonSchema, type DocLookup } from './json-schema';
import type { JsonSchema } from './json-schema-types';
import { hasSpecialJson, typeNameOfUrl } from './json-wkt';
import { typeUrlPrefix } from '../../../shared/api/types';

const anyName = 'google.protobuf.Any';

/**
 * Adds to a request's JSON Schema one branch per type URL the request's Any fields name (`if "@type" is this type
 * then its fields`), so completion, validation and hover continue inside a packed message once `@type` is chosen.
 * Only the named types: a branch for every message of googleapis (48,399) would make a schema of gigabytes. A URL
 * whose type the schema lacks gets a branch that marks `@type` with what to do.
 */
export function withPackedTypes(
  schema: JsonSchema,
  registry: Registry,
  typeUrls: string[],
  docs: DocLookup = () => undefined,
): JsonSchema {
  const any = schema.definitions?.[anyName];
  if (!any || typeUrls.length === 0) return schema;
  const definitions = { ...schema.definitions };
  const branches: JsonSchema[] = [];
  for (const url of new Set(typeUrls)) {
    const desc = registry.getMessage(typeNameOfUrl(url));
    const condition: JsonSchema = {
      properties: { '@type': { type: 'string', pattern: `^(.*/)?${escapeRegExp(typeNameOfUrl(url))}$` } },
      required: ['@type'],
    };
    if (!desc) {
      branches.push({ if: condition, then: unknownType(url) });
      continue;
    }
    const packed = toJsonSchema(desc, docs).definitions ?? {};
    for (const [name, definition] of Object.entries(packed)) definitions[name] ??= definition;
    branches.push({ if: condition, then: packedForm(desc, definitions) });
  }
  definitions[anyName] = { ...any, allOf: [...(any.allOf ?? []), ...branches] };
  return { ...schema, definitions };
}

/** The JSON of an Any holding `typeName`: its fields beside `@type`, or `value` for a type with a special JSON form. */
function packedForm(desc: DescMessage, definitions: Record<string, JsonSchema>): JsonSchema {
  const { typeName } = desc;
  const definition = definitions[typeName] ?? {};
  const typeProperty = { type: 'string' as const, description: `Packs a ${typeName}.` };
  if (hasSpecialJson(desc)) {
    return {
      type: 'object',
      properties: { '@type': typeProperty, value: messageRef(desc, 'value') },
      required: ['value'],
      propertyNames: fieldNames(typeName, ['@type', 'value'], ['@type', 'value']),
    };
  }
  const names = ['@type', ...Object.keys(definition.properties ?? {})];
  return {
    ...definition,
    properties: { '@type': typeProperty, ...definition.properties },
    propertyNames: fieldNames(
      typeName,
      names,
      desc.fields.map((f) => f.jsonName),
    ),
  };
}

function unknownType(url: string): JsonSchema {
  return {
    properties: {
      '@type': {
        not: {},
        errorMessage: `${typeNameOfUrl(url)} is not a message of this schema. Choose a type from the list (Ctrl+Space after "${typeUrlPrefix}"), or load the .proto file that defines it.`,
      },
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
