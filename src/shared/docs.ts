/** A method's documentation as the Docs view shows it: comments from the schema's source info, fields and types. */
import type { MethodKind } from './schema';

/** The comments protoc keeps for one element: above it (leading) and after it on its line (trailing); "" when none. */
export interface DocComments {
  leading: string;
  trailing: string;
}

/** A field's type: a scalar's name, or a message or enum with its full name (what links to its section). */
export interface DocType {
  /** `string`, `int64`, `bytes`… or the full name of a message or enum. */
  name: string;
  kind: 'scalar' | 'message' | 'enum';
  /** Whether the Docs view has a section for it (well-known types and types past the limit have none). */
  documented: boolean;
}

/** One field of a message. */
export interface FieldDoc {
  name: string;
  jsonName: string;
  number: number;
  /** `repeated`, `map`, `optional` (explicit presence), `required` (proto2) or `` for a plain singular field. */
  label: 'repeated' | 'map' | 'optional' | 'required' | '';
  /** The value type; for a map, the value's type. */
  type: DocType;
  /** A map's key type. */
  mapKey?: string;
  /** The oneof the field belongs to (real oneofs only, not proto3 `optional`). */
  oneof?: string;
  deprecated: boolean;
  comments: DocComments;
}

/** A message type with its fields. */
export interface MessageDoc {
  fullName: string;
  /** The .proto file that declares it. */
  file: string;
  comments: DocComments;
  fields: FieldDoc[];
  /** Oneofs by name, with their comments. */
  oneofs: { name: string; comments: DocComments }[];
}

/** An enum type with its values. */
export interface EnumDoc {
  fullName: string;
  file: string;
  comments: DocComments;
  values: { name: string; number: number; comments: DocComments }[];
}

/** Everything the Docs view shows for one method. */
export interface MethodDocs {
  /** `package.Service.Method` */
  fullName: string;
  kind: MethodKind;
  comments: DocComments;
  service: { fullName: string; comments: DocComments };
  /** The file that declares the service. */
  file: string;
  inputType: string;
  outputType: string;
  /** The request first, then the response, then every message they reach (nested and referenced), each once. */
  messages: MessageDoc[];
  enums: EnumDoc[];
  /** Types reached but left out to keep the view small (beyond the limit). */
  omitted: number;
  /** Whether any element shown carries a comment (reflection servers usually strip them). */
  hasComments: boolean;
}
