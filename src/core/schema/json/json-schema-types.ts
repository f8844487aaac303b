import type { JsonValue } from '@bufbuild/protobuf';

/**
 * The JSON Schema (draft-07) subset we emit, plus the annotations Monaco's JSON language service reads
 * (`enumDescriptions`, `markdownDescription`, `errorMessage`, `doNotSuggest`, `deprecationMessage`).
 */
export interface JsonSchema {
  $schema?: string;
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  markdownDescription?: string;
  type?: JsonSchemaType | JsonSchemaType[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  required?: string[];
  enum?: JsonValue[];
  enumDescriptions?: string[];
  pattern?: string;
  format?: string;
  contentEncoding?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  examples?: JsonValue[];
  errorMessage?: string;
  doNotSuggest?: boolean;
  deprecationMessage?: string;
}

/** JSON Schema's primitive type names. */
export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** The non-standard keywords above, for validators that must be told about them (e.g. ajv's addVocabulary). */
export const editorKeywords = [
  'enumDescriptions',
  'markdownDescription',
  'errorMessage',
  'doNotSuggest',
  'deprecationMessage',
];
