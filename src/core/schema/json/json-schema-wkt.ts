import type { DescMessage } from '@bufbuild/protobuf';
import { isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { scalarSchema } from './json-schema-scalars';
import { opensValueList, type JsonSchema } from './json-schema-types';
import { typeUrlPrefix } from '../../../shared/api/types';
import { timestampExample } from './json-wkt';

/** The shared `#/definitions/...` reference for a message type. */
export function refTo(typeName: string): string {
  return `#/definitions/${typeName}`;
}

/** Schemas of the well-known types whose JSON is not an object of fields; undefined for ordinary messages. */
export function wellKnownSchema(desc: DescMessage): JsonSchema | undefined {
  const value = refTo('google.protobuf.Value');
  switch (desc.typeName) {
    case 'google.protobuf.Timestamp':
      return {
        type: 'string',
        format: 'date-time',
        pattern:
          '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$',
        description: 'RFC 3339 date and time',
        examples: [timestampExample],
      };
    case 'google.protobuf.Duration':
      return {
        type: 'string',
        pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$',
        description: 'seconds with an "s" suffix, e.g. "1.5s"',
        examples: ['1s'],
      };
    case 'google.protobuf.FieldMask':
      return {
        type: 'string',
        pattern: '^([a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*(,[a-z][A-Za-z0-9]*(\\.[a-z][A-Za-z0-9]*)*)*)?$',
        description: 'comma-separated lowerCamelCase field paths, e.g. "user.displayName,photo"',
      };
    case 'google.protobuf.Struct':
      return { type: 'object', additionalProperties: { $ref: value } };
    case 'google.protobuf.ListValue':
      return { type: 'array', items: { $ref: value } };
    case 'google.protobuf.Value':
      return { description: 'any JSON value' };
    case 'google.protobuf.Any':
      return {
        type: 'object',
        properties: {
          '@type': {
            type: 'string',
            // Completes as `"@type": ` with the list open, where the editor offers the type URLs.
            ...opensValueList(typeUrlPrefix),
            // No examples: the editor completes the URLs itself, most relevant first, from the whole schema.
            description: 'type URL of the packed message',
          },
        },
        description:
          'a message of any type: "@type" plus its fields, or "@type" and "value" for well-known types',
      };
    default: {
      if (!isWrapperDesc(desc)) return undefined;
      const [field] = desc.fields;
      return field ? scalarSchema(field.scalar, desc.name) : undefined;
    }
  }
}

/**
 * What a value of message type `desc` must look like, for the message of a value of the wrong kind; undefined when
 * its definition speaks for itself (wrappers carry their scalar's messages) or any JSON is fine (Value).
 */
export function messageExpectation(desc: DescMessage): string | undefined {
  switch (desc.typeName) {
    case 'google.protobuf.Timestamp':
      return `Timestamp expects an RFC 3339 time such as "${timestampExample}"`;
    case 'google.protobuf.Duration':
      return 'Duration expects seconds ending in "s", such as "1.5s"';
    case 'google.protobuf.FieldMask':
      return 'FieldMask expects comma-separated lowerCamelCase paths such as "user.displayName,photo"';
    case 'google.protobuf.Struct':
      return 'Struct expects an object { }';
    case 'google.protobuf.ListValue':
      return 'ListValue expects a list [ ]';
    case 'google.protobuf.Any':
      return 'Any expects an object with "@type"';
    case 'google.protobuf.Value':
      return undefined;
    default:
      return isWrapperDesc(desc) ? undefined : `${desc.name} expects an object { }`;
  }
}

/** Which other definitions a well-known type's schema refers to. */
export function wellKnownDependencies(desc: DescMessage): string[] {
  return desc.typeName === 'google.protobuf.Struct' || desc.typeName === 'google.protobuf.ListValue'
    ? ['google.protobuf.Value']
    : [];
}

/** Whether a message's JSON is an object of fields (ordinary messages, Struct, Any, Empty), not a string or scalar. */
export function takesObject(desc: DescMessage): boolean {
  const schema = wellKnownSchema(desc);
  return schema === undefined || schema.type === 'object';
}
