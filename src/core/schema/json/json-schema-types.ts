import type { JsonValue } from '@bufbuild/protobuf';

/**
 * The JSON Schema (draft-07) subset we emit, plus the annotations Monaco's JSON language service reads
 * (`enumDescriptions`, `markdownDescription`, `errorMessage`, `patternErrorMessage`, `defaultSnippets`,
 * `doNotSuggest`, `deprecationMessage`).
 */
export interface JsonSchema {
  $schema?: string;
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  markdownDescription?: string;
  type?: JsonSchemaType | JsonSchemaType[];
  properties?: Record<string, JsonSchema | false>;
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
  patternErrorMessage?: string;
  defaultSnippets?: { label?: string; description?: string; body: JsonValue }[];
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
  'patternErrorMessage',
  'defaultSnippets',
  'doNotSuggest',
  'deprecationMessage',
];

/**
 * Makes completing a field insert `"field": ` and open the value list, offering `body` there. Monaco does that only
 * when the value has more than one proposal (with one it inserts it unasked): the same snippet twice counts as two and
 * shows once, since the list drops repeated labels.
 */
export function opensValueList(body: JsonValue): Pick<JsonSchema, 'defaultSnippets'> {
  const snippet = { label: JSON.stringify(body), body };
  return { defaultSnippets: [snippet, snippet] };
}
