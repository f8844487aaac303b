import { Ajv, type ErrorObject } from 'ajv';
import type { JsonValue } from '@bufbuild/protobuf';
import { editorKeywords, type JsonSchema } from '../../../../src/core/schema/json/json-schema-types';

/** A strict draft-07 validator that knows Monaco's annotation keywords and RFC 3339 date-time. */
export function makeAjv(): Ajv {
  // strictRequired would flag `not: { required: [a, b] }`, the standard way to say "not both".
  const ajv = new Ajv({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: true });
  ajv.addVocabulary(editorKeywords);
  ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  return ajv;
}

/** Validates `value`; returns ajv's errors (empty when valid). */
export function schemaErrors(ajv: Ajv, schema: JsonSchema, value: JsonValue): ErrorObject[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : (validate.errors ?? []);
}
