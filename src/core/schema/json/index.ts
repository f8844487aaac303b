/** Canonical proto3 JSON for requests and responses, JSON Schema for the editor, and sample requests. */
export { decodeToJson, encodeJson, type JsonOptions } from './codec';
export { compileJsonDecoder, type JsonDecoder } from './binary-json';
export { JsonInputError, type JsonTextPosition } from './json-errors';
export { toJsonSchema, type DocLookup } from './json-schema';
export { withPackedTypes } from './json-schema-any';
export { packedTypeNames } from './packed-types';
export { editorKeywords, type JsonSchema } from './json-schema-types';
export { minimalSampleJson, sampleJson } from './sample';
export { typeNameOfUrl } from './json-wkt';
export { unresolvedAnyUrls, type UnresolvedAnyListener } from './opaque-any';
export { compileWireCheck, type WireCheck } from './wire-check';
