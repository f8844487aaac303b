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

/** The request JSON Schema of `method` with the fields of each type the given Any type URLs name. */
export function requestSchema(schema: Schema, method: string, typeUrls: string[]): Record<string, unknown> {
  const { input } = findMethod(schema, method);
  return { ...withPackedTypes(toJsonSchema(input, hoverDocs), schema.registry, typeUrls, hoverDocs) };
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
