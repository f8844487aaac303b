import { Edition, type FeatureSet } from '@bufbuild/protobuf/wkt';
import type { Span } from './ast';

/** A use of a message or enum by name in another declaration, checked against the symbol's visibility (edition 2024). */
export interface TypeReference {
  /** The file that uses the type. */
  file: string;
  /** The type's full name, no leading dot. */
  fullName: string;
  span: Span;
  /** How the type is used, for the message: `field type`, `extendee`, `method input`... */
  usage: string;
}

/**
 * What the checks that need resolved features (they run once options are interpreted) know of the syntax:
 * where each element was declared, the features written on it, and the type references to check.
 */
export class LinkRecords {
  /** Element descriptor -> the span of its name (the file's: of its syntax statement). */
  readonly spans = new Map<object, Span>();
  /** File import name -> the span of its package statement. */
  readonly packageSpans = new Map<string, Span>();
  /** Element descriptor -> `features` as written, before source-retention features are dropped from its options. */
  readonly written = new Map<object, FeatureSet>();
  readonly references: TypeReference[] = [];

  /** `editions`: each file's edition (import name -> edition). */
  constructor(private readonly editions: ReadonlyMap<string, Edition>) {}

  /** The edition a linked file is written in. */
  editionOf(file: string): Edition {
    return this.editions.get(file) ?? Edition.EDITION_PROTO2;
  }

  /** Notes a use of `fullName`, defined in `definedIn`, when visibility rules can apply to it (its file is edition 2024 or later). */
  reference(file: string, fullName: string, definedIn: string, span: Span, usage: string): void {
    if (definedIn !== file && this.editionOf(definedIn) >= Edition.EDITION_2024) {
      this.references.push({ file, fullName, span, usage });
    }
  }
}
