import type { Edition } from '@bufbuild/protobuf/wkt';
import type { ProtoFileAst } from './ast';
import type { Cursor } from './cursor';

/** The parser state the declaration parsers share. */
export interface ParseContext {
  c: Cursor;
  syntax: ProtoFileAst['syntax'];
  /** proto2 and proto3 count as the editions PROTO2 and PROTO3. */
  edition: Edition;
}
