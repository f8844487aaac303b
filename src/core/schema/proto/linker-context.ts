import type { DescMessage, Message } from '@bufbuild/protobuf';
import type { OptionAst, ProtoFileAst, Span } from './ast';
import type { Problems } from './problems';
import type { SourceInfoBuilder } from './source-info';
import type { FileView, SymbolTable } from './symbols';

/** Options written on one element, interpreted after every file is linked (custom options need all extensions). */
export interface PendingOptions {
  file: string;
  view: FileView;
  /** Where extension names in the options are resolved from (protoc's name scope). */
  scope: string;
  options: OptionAst[];
  /** The options message type, e.g. google.protobuf.FileOptions. */
  schema: DescMessage;
  /** Stores the interpreted options message on the descriptor. */
  apply: (options: Message) => void;
}

/** Everything the builders of one file share. */
export interface LinkContext {
  ast: ProtoFileAst;
  file: string;
  pkg: string;
  view: FileView;
  symbols: SymbolTable;
  problems: Problems;
  source: SourceInfoBuilder;
  pending: PendingOptions[];
}

/** Records a problem in the file being linked. */
export function report(ctx: LinkContext, span: Span | undefined, message: string, hint?: string): void {
  ctx.problems.add(ctx.file, span, message, hint);
}

/** `scope.name`, or `name` at the root. */
export function qualify(scope: string, name: string): string {
  return scope ? `${scope}.${name}` : name;
}
