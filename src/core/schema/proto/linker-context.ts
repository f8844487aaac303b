import type { DescMessage, Message } from '@bufbuild/protobuf';
import type { Edition, FieldOptions_OptionTargetType } from '@bufbuild/protobuf/wkt';
import type { OptionAst, ProtoFileAst, Span } from './ast';
import type { LinkRecords } from './link-records';
import type { Problems } from './problems';
import type { SourceInfoBuilder } from './source-info';
import type { FileView, SymbolTable } from './symbols';

/** A descriptor that carries options: FileDescriptorProto, DescriptorProto, FieldDescriptorProto... */
export interface OptionsOwner {
  options?: Message;
}

/** Options written on one element, interpreted after every file is linked (custom options need all extensions). */
export interface PendingOptions {
  file: string;
  edition: Edition;
  /** What option names may refer to: the file's imports, option imports included. */
  view: FileView;
  /** Where extension names in the options are resolved from (protoc's name scope). */
  scope: string;
  options: OptionAst[];
  /** The options message type, e.g. google.protobuf.FileOptions. */
  schema: DescMessage;
  /** The descriptor the interpreted options are stored on. */
  owner: OptionsOwner;
  /** The kind of element, which options declaring `targets` must allow. */
  target: FieldOptions_OptionTargetType;
}

/** Everything the builders of one file share. */
export interface LinkContext {
  ast: ProtoFileAst;
  file: string;
  edition: Edition;
  pkg: string;
  /** What type names may refer to: the file, its imports and what they re-export. */
  view: FileView;
  /** The view plus option imports (edition 2024), for option names. */
  optionView: FileView;
  symbols: SymbolTable;
  problems: Problems;
  source: SourceInfoBuilder;
  pending: PendingOptions[];
  records: LinkRecords;
}

/** Records a problem in the file being linked. */
export function report(ctx: LinkContext, span: Span | undefined, message: string, hint?: string): void {
  ctx.problems.add(ctx.file, span, message, hint);
}

/** `scope.name`, or `name` at the root. */
export function qualify(scope: string, name: string): string {
  return scope ? `${scope}.${name}` : name;
}

/** Queues `options` (when there are any) for interpretation onto `owner`. */
export function pendOptions(
  ctx: LinkContext,
  owner: OptionsOwner,
  target: FieldOptions_OptionTargetType,
  scope: string,
  options: OptionAst[],
  schema: DescMessage,
): void {
  if (options.length === 0) return;
  ctx.pending.push({
    file: ctx.file,
    edition: ctx.edition,
    view: ctx.optionView,
    scope,
    options,
    schema,
    owner,
    target,
  });
}
