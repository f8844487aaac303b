import type { DescMessage, JsonObject, Registry } from '@bufbuild/protobuf';
import { typeUrlPrefix } from '../../../shared/api/types';
import { hasSpecialJson } from './json-wkt';
import { reachTest } from './message-reach';
import { packedTypeNames } from './packed-types';

const holdsAny = reachTest((m) => m.typeName === 'google.protobuf.Any');

/**
 * The full sample's Any: the first message of the request's own package (as `@type` completion lists them) that
 * holds no Any itself, packed with its fields, so the sample shows the usual form; a Duration when there is none.
 * `fields` samples a message's fields (sample.ts), so nesting and recursion follow the rest of the sample.
 */
export function sampleAny(
  registry: Registry,
  requestPackage: string,
  fields: (desc: DescMessage) => JsonObject | undefined,
): JsonObject {
  for (const name of packedTypeNames(registry, requestPackage, '').names) {
    const desc = registry.getMessage(name);
    if (!desc || hasSpecialJson(desc) || holdsAny(desc)) continue;
    const sample = fields(desc);
    if (sample) return { '@type': `${typeUrlPrefix}${name}`, ...sample };
  }
  return registry.getMessage('google.protobuf.Duration')
    ? { '@type': `${typeUrlPrefix}google.protobuf.Duration`, value: '1s' }
    : {};
}
