import {
  create,
  createRegistry,
  toBinary,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Message,
  type Registry,
} from '@bufbuild/protobuf';
import { reflect, type ReflectList, type ReflectMap, type ReflectMessage } from '@bufbuild/protobuf/reflect';
import { anyPack, anyUnpack, AnySchema, BytesValueSchema, type Any } from '@bufbuild/protobuf/wkt';
import { typeNameOfUrl } from './json-wkt';
import { reachTest } from './message-reach';

/** Called with the type URL of every Any whose type the schema lacks. */
export type UnresolvedAnyListener = (typeUrl: string) => void;

/**
 * The Anys of one decoded message whose type is not in the schema, disguised so the library's printer shows each as
 * `{"@type": url, "value": "<base64>"}` instead of failing the whole message (the form grpc-status details use too).
 * Each becomes a BytesValue holding its bytes, under a type URL that still ends in BytesValue (so the printer finds
 * it) and starts with a marker that `reveal` swaps back for the real URL.
 */
export class OpaqueAnys {
  private readonly urls: string[] = [];

  /** The registry to print with: the schema's, plus BytesValue for the disguised Anys. */
  readonly registry: Registry;

  private constructor(private readonly schema: Registry) {
    this.registry = createRegistry(BytesValueSchema, schema);
  }

  /**
   * Disguises, in place, every Any in `message` (nested, in lists, maps and known Anys) whose type `registry` lacks;
   * undefined when there is none. `onUnresolved` hears each such type URL.
   */
  static hide(
    desc: DescMessage,
    message: Message,
    registry: Registry,
    onUnresolved?: UnresolvedAnyListener,
  ): OpaqueAnys | undefined {
    if (!mayHoldAny(desc)) return undefined;
    const opaque = new OpaqueAnys(registry);
    opaque.visit(reflect(desc, message), onUnresolved);
    return opaque.urls.length > 0 ? opaque : undefined;
  }

  /** The real type URL for a printed "@type", or undefined when it is not a disguised one. */
  reveal(printedUrl: string): string | undefined {
    if (!printedUrl.startsWith(marker)) return undefined;
    return this.urls[Number(printedUrl.slice(marker.length, printedUrl.indexOf('/', marker.length)))];
  }

  /** Whether anything below `message` was disguised. */
  private visit(message: ReflectMessage, onUnresolved?: UnresolvedAnyListener): boolean {
    if (message.desc.typeName === AnySchema.typeName)
      return this.visitAny(message.message as Any, onUnresolved);
    let changed = false;
    for (const field of message.fields) {
      if (!field.message || !mayHoldAny(field.message) || !message.isSet(field)) continue;
      const value = message.get(field);
      const items =
        field.fieldKind === 'list'
          ? [...(value as ReflectList)]
          : field.fieldKind === 'map'
            ? [...(value as ReflectMap).values()]
            : [value];
      for (const item of items) if (this.visit(item as ReflectMessage, onUnresolved)) changed = true;
    }
    return changed;
  }

  private visitAny(any: Any, onUnresolved?: UnresolvedAnyListener): boolean {
    if (any.typeUrl === '') return false;
    const desc = this.schema.getMessage(typeNameOfUrl(any.typeUrl));
    if (!desc) {
      onUnresolved?.(any.typeUrl);
      const disguised = `${marker}${this.urls.length}/${BytesValueSchema.typeName}`;
      this.urls.push(any.typeUrl);
      any.value = toBinary(BytesValueSchema, create(BytesValueSchema, { value: any.value }));
      any.typeUrl = disguised;
      return true;
    }
    if (!mayHoldAny(desc)) return false;
    const inner = anyUnpack(any, this.schema);
    if (!inner || !this.visit(reflect(desc, inner), onUnresolved)) return false;
    const typeUrl = any.typeUrl;
    anyPack(desc, inner, any);
    any.typeUrl = typeUrl;
    return true;
  }
}

/** Puts back the real type URLs of disguised Anys in printed JSON (in place); returns the JSON. */
export function revealOpaqueAnys(json: JsonValue, opaque: OpaqueAnys): JsonValue {
  if (Array.isArray(json)) {
    json.forEach((item) => revealOpaqueAnys(item, opaque));
  } else if (json !== null && typeof json === 'object') {
    const url = typeof json['@type'] === 'string' ? opaque.reveal(json['@type']) : undefined;
    if (url !== undefined) json['@type'] = url;
    for (const key of Object.keys(json)) revealOpaqueAnys((json as JsonObject)[key] as JsonValue, opaque);
  }
  return json;
}

/** No schema type name can start like this: type URLs of real types never contain a space. */
const marker = 'unresolved any/';

/** Whether an Any can occur inside the message type. */
export const mayHoldAny = reachTest((m) => m.typeName === AnySchema.typeName);

/**
 * The "@type" URLs in request JSON texts for `desc` whose types `registry` lacks: asked once a request failed to encode.
 * Texts that are not JSON yield none (the encoder reports them); for types that cannot hold an Any nothing is parsed.
 */
export function unresolvedAnyUrls(registry: Registry, desc: DescMessage, texts: string[]): string[] {
  if (!mayHoldAny(desc)) return [];
  const urls = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const url = (value as Record<string, unknown>)['@type'];
    if (typeof url === 'string' && url !== '' && !registry.getMessage(typeNameOfUrl(url))) urls.add(url);
    Object.values(value).forEach(visit);
  };
  for (const text of texts) {
    try {
      visit(JSON.parse(text));
    } catch {
      // Not JSON: the encoder says where and why.
    }
  }
  return [...urls];
}
