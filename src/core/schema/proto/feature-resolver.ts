import type {
  DescEnum,
  DescEnumValue,
  DescExtension,
  DescField,
  DescFile,
  DescMessage,
  DescMethod,
  DescOneof,
  DescService,
} from '@bufbuild/protobuf';
import type { Edition, FeatureSet } from '@bufbuild/protobuf/wkt';

/** The core features the compiler resolves itself: @bufbuild/protobuf resolves presence, encodings and enum openness. */
export type ResolvedFeature = 'enforceNamingStyle' | 'defaultSymbolVisibility' | 'jsonFormat';

/** An element of a file, as @bufbuild/protobuf describes it. */
export type Element =
  | DescFile
  | DescMessage
  | DescEnum
  | DescEnumValue
  | DescField
  | DescExtension
  | DescOneof
  | DescService
  | DescMethod;

/**
 * Resolves a feature as protoc does (file -> message -> oneof -> field, ...): the value written nearest the element,
 * else the file edition's default from the `edition_defaults` descriptor.proto declares on the feature.
 */
export class FeatureResolver {
  /** `featureSet`: google.protobuf.FeatureSet as protoc has it; `written`: descriptor proto -> features written on it. */
  constructor(
    private readonly written: ReadonlyMap<object, FeatureSet>,
    private readonly featureSet: DescMessage,
  ) {}

  /** `chain`: the element's descriptor protos, itself first and its file last (see protoChain). */
  resolve(feature: ResolvedFeature, chain: readonly object[], edition: Edition): number {
    for (const element of chain) {
      const value = this.written.get(element)?.[feature];
      if (value) return value;
    }
    return this.editionDefault(feature, edition);
  }

  private editionDefault(feature: ResolvedFeature, edition: Edition): number {
    const field = this.featureSet.fields.find((f) => f.localName === feature);
    let text: string | undefined;
    let best = -1;
    for (const d of field?.proto.options?.editionDefaults ?? []) {
      if (d.edition <= edition && d.edition > best) [best, text] = [d.edition, d.value];
    }
    return field?.enum?.values.find((v) => v.name === text)?.number ?? 0;
  }
}

/** The descriptor protos features are inherited through, the element's own first and its file's last. */
export function protoChain(element: Element): object[] {
  const chain: object[] = [];
  for (let at: Element | undefined = element; at; at = parentOf(at)) chain.push(at.proto);
  return chain;
}

function parentOf(element: Element): Element | undefined {
  switch (element.kind) {
    case 'file':
      return undefined;
    case 'message':
    case 'enum':
    case 'extension':
      return element.parent ?? element.file;
    case 'field':
      return element.oneof ?? element.parent;
    case 'oneof':
    case 'enum_value':
    case 'rpc':
      return element.parent;
    case 'service':
      return element.file;
  }
}
