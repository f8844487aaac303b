import {
  fromBinary,
  fromJson,
  toBinary,
  toJson,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { JsonInputError } from './json-errors';
import { shortenFloats } from './json-float';
import { OpaqueAnys, revealOpaqueAnys, type UnresolvedAnyListener } from './opaque-any';
import { setMember } from './json-read-context';
import { checkRequestJson } from './json-check';
import { nodeFromValue, parseJsonText } from './json-text';

/** How decoded messages are printed. */
export interface JsonOptions {
  /** Print fields that hold their default value (0, "", false, empty lists), like protojson's EmitUnpopulated. */
  emitDefaults?: boolean;
  /** Use the .proto field names (`response_size`) instead of lowerCamelCase JSON names (`responseSize`). */
  protoFieldNames?: boolean;
}

/**
 * Parses request JSON text for `message` and encodes it to protobuf binary; throws JsonInputError with field paths.
 * A string argument is always JSON text (so a Duration request is `'"1s"'`); any other value is taken as parsed JSON.
 */
export function encodeJson(registry: Registry, message: DescMessage, json: string | JsonValue): Uint8Array {
  const node = typeof json === 'string' ? parseJsonText(json) : nodeFromValue(json);
  const checked = checkRequestJson(registry, message, node);
  try {
    // The walk above has already refused everything fromJson would; this is a backstop with the library's wording.
    return toBinary(message, fromJson(message, checked, { registry, recursionLimit: 200 }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new JsonInputError({
      path: '',
      expected: `JSON for ${message.typeName}`,
      actual: 'the request',
      detail: reason,
    });
  }
}

/**
 * Decodes protobuf binary to canonical proto3 JSON (protojson/grpcurl style). An Any whose type the registry lacks is
 * shown as `{"@type": url, "value": "<base64>"}` and reported to `onUnresolvedAny`, instead of failing the message.
 */
export function decodeToJson(
  registry: Registry,
  message: DescMessage,
  bytes: Uint8Array,
  options: JsonOptions = {},
  onUnresolvedAny?: UnresolvedAnyListener,
): JsonValue {
  let decoded;
  try {
    decoded = fromBinary(message, bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot decode ${bytes.length} bytes as ${message.typeName}: ${reason}`, {
      cause: error,
    });
  }
  const protoNames = options.protoFieldNames ?? false;
  const opaque = OpaqueAnys.hide(message, decoded, registry, onUnresolvedAny);
  const printRegistry = opaque?.registry ?? registry;
  const json = toJson(message, decoded, {
    registry: printRegistry,
    alwaysEmitImplicit: options.emitDefaults ?? false,
    useProtoFieldName: protoNames,
  });
  const shortened = shortenFloats(message, json, printRegistry, protoNames);
  return typeFirst(opaque ? revealOpaqueAnys(shortened, opaque) : shortened);
}

/** Moves "@type" to the front of every Any, where protojson and grpcurl print it (the library appends it). */
function typeFirst(json: JsonValue): JsonValue {
  if (Array.isArray(json)) return json.map(typeFirst);
  if (json === null || typeof json !== 'object') return json;
  const keys = Object.keys(json);
  const ordered = keys.includes('@type') ? ['@type', ...keys.filter((k) => k !== '@type')] : keys;
  const out: JsonObject = {};
  for (const key of ordered) setMember(out, key, typeFirst(json[key] as JsonValue));
  return out;
}
