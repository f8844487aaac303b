import type { MethodTemplate } from '../../shared/api/types';
import { CallSetupError } from '../call/errors';
import { docComment } from '../schema/docs';
import { minimalSampleJson, sampleJson, toJsonSchema } from '../schema/json';
import type { Schema } from '../schema/schema';

/** The sample requests (minimal and full) and request JSON Schema of `method` (`package.Service/Method`) in `schema`. */
export function methodTemplate(schema: Schema, method: string): MethodTemplate {
  const desc = schema.method(method);
  const fullName = desc ? `${desc.parent.typeName}.${desc.name}` : '';
  const info = schema
    .services()
    .flatMap((s) => s.methods)
    .find((m) => m.fullName === fullName);
  if (!desc || !info) throw missingMethod(method);
  // Field comments become the editor's hover text; a trailing comment counts when there is no leading one.
  const jsonSchema = toJsonSchema(desc.input, (d) => docComment(d, true) || undefined);
  return {
    method: info,
    sample: JSON.stringify(minimalSampleJson(desc.input, schema.registry), null, 2),
    fullSample: JSON.stringify(sampleJson(desc.input, schema.registry), null, 2),
    jsonSchema: { ...jsonSchema },
  };
}

/** The failure for a method a source does not have (any more). */
export function missingMethod(method: string): CallSetupError {
  return new CallSetupError(
    `The method ${method} is not in this source.`,
    'Reload the source: the method may have been renamed or removed.',
  );
}
