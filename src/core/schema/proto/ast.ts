/**
 * The syntax tree of one .proto file, as the parser reads it and before any name is resolved.
 * Bodies keep declaration order, because descriptor order (nested types, map entries, groups) follows it.
 * Positions are 1-based (line and column as editors show them).
 */

export interface Position {
  line: number;
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

/** Comments attached to a declaration, with the `//` or `/* *\/` markers removed (as protoc keeps them). */
export interface Comments {
  leading?: string;
  trailing?: string;
  detached: string[];
}

export interface ProtoFileAst {
  /** The name other files import it by, e.g. `grpc/testing/test.proto`. */
  path: string;
  syntax: 'proto2' | 'proto3' | 'editions';
  /** `edition = "2023"` when syntax is editions. */
  edition?: string;
  /** Span of the `syntax`/`edition` statement, when present. */
  syntaxSpan?: Span;
  package?: { name: string; span: Span };
  imports: ImportAst[];
  options: OptionAst[];
  messages: MessageAst[];
  enums: EnumAst[];
  services: ServiceAst[];
  extends: ExtendAst[];
}

export interface ImportAst {
  path: string;
  /** `option` (edition 2024): the file is imported only for the options it defines (option_dependency). */
  modifier?: 'public' | 'weak' | 'option';
  span: Span;
}

/** Edition 2024's `export` / `local` before a message or enum. */
export type Visibility = 'export' | 'local';

/** `(foo.bar).baz` is `[{ name: 'foo.bar', isExtension: true }, { name: 'baz', isExtension: false }]`. */
export interface OptionNamePart {
  name: string;
  isExtension: boolean;
}

export interface OptionAst {
  name: OptionNamePart[];
  value: OptionValue;
  span: Span;
}

/**
 * A constant as written. Signs are applied (`-5` is `{ kind: 'int', value: -5n }`, `-inf` is a float).
 * Strings are raw bytes after unescaping and concatenating adjacent literals (they may be `bytes` values).
 */
export type OptionValue =
  | { kind: 'identifier'; value: string; span: Span }
  | { kind: 'int'; value: bigint; span: Span }
  | { kind: 'float'; value: number; span: Span }
  | { kind: 'string'; value: Uint8Array; span: Span }
  | { kind: 'aggregate'; fields: AggregateField[]; span: Span };

/** One `name: value` (or `name { ... }`, or `[ext.name]: value`, or `name: [a, b]`) inside an aggregate option. */
export interface AggregateField {
  name: string;
  /** `[pkg.ext]` extension or `[type.googleapis.com/pkg.T]` Any expansion. */
  isExtension: boolean;
  /** A list literal `[a, b]` gives several values; a plain value gives one. */
  values: OptionValue[];
  span: Span;
}

export type Label = 'optional' | 'required' | 'repeated';

interface Declaration {
  name: string;
  span: Span;
  nameSpan: Span;
  comments: Comments;
}

export interface FieldAst extends Declaration {
  kind: 'field';
  label?: Label;
  /** The type as written: a scalar keyword (`int32`) or a possibly-qualified name (`.pkg.Msg`, `Inner`). */
  type: string;
  typeSpan: Span;
  number: number;
  options: OptionAst[];
}

export interface MapFieldAst extends Declaration {
  kind: 'map';
  keyType: string;
  valueType: string;
  typeSpan: Span;
  number: number;
  options: OptionAst[];
}

/** A proto2 group: a field and a nested message in one declaration. */
export interface GroupAst extends Declaration {
  kind: 'group';
  label?: Label;
  number: number;
  options: OptionAst[];
  body: MessageElement[];
}

export interface OneofAst extends Declaration {
  kind: 'oneof';
  options: OptionAst[];
  fields: (FieldAst | GroupAst)[];
}

/** An inclusive range; `end: 'max'` for `to max`. */
export interface RangeAst {
  start: number;
  end: number | 'max';
  span: Span;
}

export interface ReservedAst {
  kind: 'reserved';
  ranges: RangeAst[];
  names: string[];
  span: Span;
}

export interface ExtensionsAst {
  kind: 'extensions';
  ranges: RangeAst[];
  options: OptionAst[];
  span: Span;
}

export interface OptionStatementAst {
  kind: 'option';
  option: OptionAst;
}

export interface ExtendAst {
  kind: 'extend';
  extendee: string;
  extendeeSpan: Span;
  fields: (FieldAst | GroupAst)[];
  span: Span;
  comments: Comments;
}

export type MessageElement =
  | FieldAst
  | MapFieldAst
  | GroupAst
  | OneofAst
  | MessageAst
  | EnumAst
  | ExtendAst
  | ExtensionsAst
  | ReservedAst
  | OptionStatementAst;

export interface MessageAst extends Declaration {
  kind: 'message';
  visibility?: Visibility;
  body: MessageElement[];
}

export interface EnumValueAst extends Declaration {
  number: number;
  options: OptionAst[];
}

export interface EnumAst extends Declaration {
  kind: 'enum';
  visibility?: Visibility;
  values: EnumValueAst[];
  options: OptionAst[];
  reserved: ReservedAst[];
}

export interface MethodAst extends Declaration {
  inputType: string;
  inputTypeSpan: Span;
  clientStreaming: boolean;
  outputType: string;
  outputTypeSpan: Span;
  serverStreaming: boolean;
  options: OptionAst[];
  /** Written with a `{ ... }` body rather than `;` (protoc then sets an options message, even an empty one). */
  hasBody: boolean;
}

export interface ServiceAst extends Declaration {
  methods: MethodAst[];
  options: OptionAst[];
}
