/**
 * The JSON Schema of one method's stub file (docs/workspace-format.md, "Mock stubs"), for the rules editor: completion,
 * validation and hover of the format's own keys, with every request body (`match.body`, `match.messages[]`) typed as
 * the method's request message and every response body (`respond.body`, `respond.stream[].body`) as its response, the
 * way the request editor types a request. Keys that do not apply to the method's kind (a `stream` for a unary method)
 * are left out, as the stubs engine refuses them. Templates (`{{request.id}}`) are strings the page's editor accepts
 * in any constrained field.
 */
import type { DescMethod } from '@bufbuild/protobuf';
import { grpcStatusNames } from '../../shared/grpc-status';
import { docComment } from '../schema/docs';
import { toJsonSchema, type DocLookup, type JsonSchema } from '../schema/json';

const hoverDocs: DocLookup = (desc) => docComment(desc, true) || undefined;

const durationText: JsonSchema = {
  type: 'string',
  pattern: '^\\d+(\\.\\d+)?(ms|s|m|h)$',
  examples: ['20ms', '1.5s'],
};

/** `"20ms"`, or a random wait in a range. */
const duration = (description: string): JsonSchema => ({
  description: `${description}: a duration such as "20ms" or "1.5s", or a range { "min": "10ms", "max": "50ms" }.`,
  anyOf: [
    durationText,
    {
      type: 'object',
      properties: { min: durationText, max: durationText },
      required: ['min', 'max'],
      additionalProperties: false,
    },
  ],
});

/** A test of one value: equal to a JSON value, or `{ "equals" | "regex" | "exists" }`. */
const valueTest: JsonSchema = {
  anyOf: [
    { type: ['string', 'number', 'boolean', 'array', 'null'] },
    {
      type: 'object',
      description: 'Exactly one of "equals", "regex" or "exists".',
      properties: {
        equals: { description: 'Equal to this JSON value (a subset, for objects).' },
        regex: { type: 'string', description: 'The value, as text, matches this regular expression.' },
        exists: { type: 'boolean', description: 'The value is set (true) or not (false).' },
      },
      additionalProperties: false,
    },
  ],
};

/** Response metadata by lower-case name: one value, or several. */
const responseMetadata = (description: string): JsonSchema => ({
  type: 'object',
  description,
  propertyNames: { pattern: '^[0-9a-z_.-]+$' },
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
});

const statusCode: JsonSchema = {
  anyOf: [
    { type: 'string', enum: [...grpcStatusNames] },
    { type: 'integer', minimum: 0, maximum: 16 },
  ],
  description: 'The gRPC status code, by name (or its number).',
};

const status: JsonSchema = {
  description: 'Ends the call with this status (after the stream, if any).',
  anyOf: [
    statusCode,
    {
      type: 'object',
      properties: {
        code: statusCode,
        message: { type: 'string', description: 'The status message (templates allowed).' },
        details: {
          type: 'array',
          description: 'google.rpc.Status details, each an Any in JSON with its "@type".',
          items: {
            type: 'object',
            required: ['@type'],
            properties: {
              '@type': {
                type: 'string',
                examples: [
                  'type.googleapis.com/google.rpc.BadRequest',
                  'type.googleapis.com/google.rpc.ResourceInfo',
                  'type.googleapis.com/google.rpc.ErrorInfo',
                ],
              },
            },
          },
        },
      },
      required: ['code'],
      additionalProperties: false,
    },
  ],
};

/** The stub file's schema for `desc`, named `method` (`pkg.Service/Method`). */
export function stubFileJsonSchema(desc: DescMethod, method: string): Record<string, unknown> {
  const input = toJsonSchema(desc.input, hoverDocs);
  const output = toJsonSchema(desc.output, hoverDocs);
  const kind = desc.methodKind;
  const streamsOut = kind === 'server_streaming' || kind === 'bidi_streaming';
  const streamsIn = kind === 'client_streaming' || kind === 'bidi_streaming';
  const request = (description: string): JsonSchema => ({ $ref: input.$ref, description });
  const response = (description: string): JsonSchema => ({ $ref: output.$ref, description });

  const match: JsonSchema = {
    type: 'object',
    description: 'What a call must carry for this rule to answer; a rule without "match" answers every call.',
    properties: {
      body: request(
        `Fields the ${desc.input.name} request must have, equal (a JSON subset: other fields may be anything).`,
      ),
      fields: {
        type: 'object',
        description: 'Tests of single request fields by path: { "$.owner.id": { "regex": "^7" } }.',
        propertyNames: { pattern: '^\\$' },
        additionalProperties: valueTest,
      },
      metadata: {
        type: 'object',
        description: 'Request metadata by lower-case name: a value it must equal, or a test.',
        additionalProperties: valueTest,
      },
      ...(streamsIn
        ? {
            index: {
              type: 'integer',
              minimum: 0,
              description:
                kind === 'bidi_streaming'
                  ? 'Answer only the request message with this 0-based index.'
                  : 'Match "body" against the request message with this 0-based index.',
            },
          }
        : {}),
      ...(kind === 'client_streaming'
        ? {
            messages: {
              type: 'array',
              description: 'Every request message, in order: the call matches when there are exactly these.',
              items: request(`A part of one ${desc.input.name} request message.`),
            },
          }
        : {}),
    },
    additionalProperties: false,
  };
  const respond: JsonSchema = {
    type: 'object',
    description: streamsOut
      ? 'How the rule answers: a stream of messages, then a status (OK unless "status" says otherwise).'
      : 'How the rule answers: one response message, or a failing status.',
    properties: {
      ...(streamsOut
        ? {
            stream: {
              type: 'array',
              description: 'The response messages, in order.',
              items: {
                type: 'object',
                properties: {
                  body: response(
                    `One ${desc.output.name} response (templates such as {{request.id}} allowed).`,
                  ),
                  delay: duration('Wait this long before this message'),
                },
                additionalProperties: false,
              },
            },
            interval: duration('The pause between stream messages'),
          }
        : {
            body: response(`The ${desc.output.name} response (templates such as {{request.id}} allowed).`),
          }),
      status,
      headers: responseMetadata('Response headers, by lower-case name.'),
      trailers: responseMetadata('Response trailers, by lower-case name.'),
      delay: duration('Wait this long before answering'),
    },
    additionalProperties: false,
  };
  const schema: JsonSchema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    title: `Stubs of ${method}`,
    properties: {
      format: { enum: [1], description: 'The stub file format: 1.' },
      method: { enum: [method], description: 'The method these rules answer.' },
      description: { type: 'string' },
      rules: {
        type: 'array',
        description: 'The first rule that matches a call answers it.',
        items: {
          type: 'object',
          properties: { description: { type: 'string' }, match, respond },
          required: ['respond'],
          additionalProperties: false,
        },
      },
    },
    required: ['rules'],
    additionalProperties: false,
    definitions: { ...input.definitions, ...output.definitions },
  };
  return { ...schema };
}
