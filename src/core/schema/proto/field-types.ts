import { FieldDescriptorProto_Type as T } from '@bufbuild/protobuf/wkt';
import type { Span } from './ast';
import { report, type LinkContext } from './linker-context';
import type { SymbolKind } from './symbols';

const scalars: Record<string, T> = {
  double: T.DOUBLE,
  float: T.FLOAT,
  int64: T.INT64,
  uint64: T.UINT64,
  int32: T.INT32,
  fixed64: T.FIXED64,
  fixed32: T.FIXED32,
  bool: T.BOOL,
  string: T.STRING,
  bytes: T.BYTES,
  uint32: T.UINT32,
  sfixed32: T.SFIXED32,
  sfixed64: T.SFIXED64,
  sint32: T.SINT32,
  sint64: T.SINT64,
};

/** The scalar type a keyword names, if it is one. */
export function scalarType(keyword: string): T | undefined {
  return Object.hasOwn(scalars, keyword) ? scalars[keyword] : undefined;
}

/** A field's resolved type: a scalar, or a message/enum with its full name (no leading dot). */
export interface ResolvedType {
  type: T;
  typeName?: string;
}

/** Resolves a field's type as written from the field's full name `scope`; reports and returns undefined when it cannot. */
export function resolveFieldType(
  ctx: LinkContext,
  written: string,
  span: Span,
  scope: string,
): ResolvedType | undefined {
  const scalar = scalarType(written);
  if (scalar !== undefined) return { type: scalar };
  const found = ctx.symbols.lookup(written, scope, ctx.view, true);
  if (!found.ok) {
    report(ctx, span, found.message, found.hint);
    return undefined;
  }
  if (found.entry.kind === 'message' || found.entry.kind === 'enum')
    ctx.records.reference(ctx.file, found.fullName, found.entry.file, span, 'field type');
  if (found.entry.kind === 'message') return { type: T.MESSAGE, typeName: found.fullName };
  if (found.entry.kind === 'enum') return { type: T.ENUM, typeName: found.fullName };
  report(
    ctx,
    span,
    `"${written}" is not a type`,
    `"${found.fullName}" is ${describeKind(found.entry.kind)}, not a message or enum.`,
  );
  return undefined;
}

/** Resolves a name that must be a message (an rpc's input or output, named by `usage`). */
export function resolveMessage(
  ctx: LinkContext,
  written: string,
  span: Span,
  scope: string,
  usage: string,
): string | undefined {
  const found = ctx.symbols.lookup(written, scope, ctx.view, false);
  if (!found.ok) {
    report(ctx, span, found.message, found.hint);
    return undefined;
  }
  if (found.entry.kind !== 'message') {
    report(
      ctx,
      span,
      `"${written}" is not a message type`,
      `"${found.fullName}" is ${describeKind(found.entry.kind)}; a message is required here.`,
    );
    return undefined;
  }
  ctx.records.reference(ctx.file, found.fullName, found.entry.file, span, usage);
  return found.fullName;
}

const kindNames: Record<SymbolKind, string> = {
  package: 'a package',
  message: 'a message',
  enum: 'an enum',
  service: 'a service',
  field: 'a field',
  oneof: 'a oneof',
  enumValue: 'an enum value',
  extension: 'an extension',
  method: 'a method',
};

function describeKind(kind: SymbolKind): string {
  return kindNames[kind];
}
