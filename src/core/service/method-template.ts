import type { DescMessage, DescService } from '@bufbuild/protobuf';
import type { MethodTemplate, PackedTypeNames } from '../../shared/api/types';
import { CallSetupError } from '../call/errors';
import { docComment } from '../schema/docs';
import {
  minimalSampleJson,
  packedTypeNames,
  sampleJson,
  toJsonSchema,
  withPackedTypes,
  type DocLookup,
  type JsonSchema,
} from '../schema/json';
import type { Schema } from '../schema/schema';

/** Field comments become the editor's hover text; a trailing comment counts when there is no leading one. */
const hoverDocs: DocLookup = (desc) => docComment(desc, true) || undefined;

/** The sample requests (minimal and full) and request JSON Schema of `method` (`package.Service/Method`) in `schema`. */
export function methodTemplate(schema: Schema, method: string): MethodTemplate {
  const { input, info } = findMethod(schema, method);
  return {
    method: info,
    sample: JSON.stringify(minimalSampleJson(input, schema.registry), null, 2),
    fullSample: JSON.stringify(sampleJson(input, schema.registry), null, 2),
    jsonSchema: { ...toJsonSchema(input, hoverDocs) },
  };
}

/** A method's request JSON Schema (from its cached template) with the fields of each type the Any type URLs name. */
export function requestSchema(
  schema: Schema,
  template: MethodTemplate,
  typeUrls: string[],
): Record<string, unknown> {
  // withPackedTypes copies what it extends, so the cached template stays as it was.
  return { ...withPackedTypes(template.jsonSchema as JsonSchema, schema.registry, typeUrls, hoverDocs) };
}

/** Types of `schema` an Any in `method`'s request may pack, matching `query`, the service's own package first. */
export function packedTypes(schema: Schema, method: string, query: string): PackedTypeNames {
  const { service } = findMethod(schema, method);
  return packedTypeNames(schema.registry, service.file.proto.package, query);
}

interface FoundMethod {
  input: DescMessage;
  service: DescService;
  info: MethodTemplate['method'];
}

function findMethod(schema: Schema, method: string): FoundMethod {
  const desc = schema.method(method);
  const fullName = desc ? `${desc.parent.typeName}.${desc.name}` : '';
  const info = schema
    .services()
    .flatMap((s) => s.methods)
    .find((m) => m.fullName === fullName);
  if (!desc || !info) throw missingMethod(method);
  return { input: desc.input, service: desc.parent, info };
}

/** The failure for a method a source does not have (any more). */
export function missingMethod(method: string): CallSetupError {
  return new CallSetupError(
    `The method ${method} is not in this source.`,
    'Reload the source: the method may have been renamed or removed.',
  );
}
