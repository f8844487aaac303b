import { create } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FileOptionsSchema, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { SchemaError } from '../errors';
import type { ExtendAst, GroupAst, MessageAst, ProtoFileAst } from './ast';
import type { LinkContext, PendingOptions } from './linker-context';
import { buildEnum } from './linker-enum';
import { buildField, buildGroupField, type FieldPlace } from './linker-field';
import { buildMessage, resolveExtendee } from './linker-message';
import { buildService } from './linker-service';
import { interpretOptions } from './options';
import { Problems } from './problems';
import { SourceInfoBuilder } from './source-info';
import { collectSymbols } from './symbol-collect';
import { SymbolTable } from './symbols';

/** What the linker knows besides the syntax trees. */
export interface LinkExtras {
  /** Import name -> path shown in problems. */
  displayPaths?: ReadonlyMap<string, string>;
}

/**
 * Turns parsed files (dependencies first) into FileDescriptorProtos equal to protoc's, with source info.
 * Throws SchemaError with every problem found. Consumes `asts` (it is empty afterwards).
 */
export function linkFiles(asts: ProtoFileAst[], extras: LinkExtras = {}): FileDescriptorProto[] {
  const problems = new Problems(extras.displayPaths);
  const symbols = new SymbolTable();
  for (const ast of asts) checkSyntax(ast, problems);
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  for (const ast of asts) collectSymbols(ast, symbols, problems);
  const publicClosure = publicClosures(asts);
  const pending: PendingOptions[] = [];
  const files: FileDescriptorProto[] = [];
  // Consume the trees: each is dropped once its file is built, since on large schemas (googleapis) they are the memory peak.
  for (let ast = asts.shift(); ast; ast = asts.shift()) {
    const visible = new Set<string>([ast.path]);
    for (const imp of ast.imports) for (const name of publicClosure(imp.path)) visible.add(name);
    const ctx: LinkContext = {
      ast,
      file: ast.path,
      pkg: ast.package?.name ?? '',
      view: { name: ast.path, visible },
      symbols,
      problems,
      source: new SourceInfoBuilder(),
      pending,
    };
    files.push(buildFile(ctx));
  }
  if (problems.list.length === 0) interpretOptions(pending, files, symbols, problems);
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  return files;
}

function checkSyntax(ast: ProtoFileAst, problems: Problems): void {
  if (ast.syntax !== 'editions') return;
  const supported = 'Protodesk supports syntax "proto2" and "proto3" files; no edition is supported yet.';
  problems.add(ast.path, ast.syntaxSpan, ast.edition === '2023'
    ? `${ast.path}: editions are not supported yet (edition "2023")`
    : `${ast.path}: edition "${ast.edition ?? ''}" is not supported`, supported);
}

/** For each file: itself plus everything it re-exports through `import public`, transitively. */
function publicClosures(asts: ProtoFileAst[]): (name: string) => Set<string> {
  const publicImports = new Map(asts.map((a) => [a.path, a.imports.filter((i) => i.modifier === 'public').map((i) => i.path)]));
  const memo = new Map<string, Set<string>>();
  const closure = (name: string): Set<string> => {
    let set = memo.get(name);
    if (set) return set;
    set = new Set([name]);
    memo.set(name, set);
    for (const imported of publicImports.get(name) ?? []) for (const n of closure(imported)) set.add(n);
    return set;
  };
  return closure;
}

function buildFile(ctx: LinkContext): FileDescriptorProto {
  const { ast } = ctx;
  const file = create(FileDescriptorProtoSchema, { name: ast.path, dependency: ast.imports.map((i) => i.path) });
  if (ast.package) file.package = ast.package.name;
  ast.imports.forEach((imp, index) => {
    if (imp.modifier === 'public') file.publicDependency.push(index);
    if (imp.modifier === 'weak') file.weakDependency.push(index);
  });
  if (ast.syntax === 'proto3') file.syntax = 'proto3';
  // Groups declared in file-level extend blocks are top-level messages, in declaration order among the others.
  const tops: (MessageAst | GroupAst)[] = [...ast.messages, ...ast.extends.flatMap((e) => e.fields.filter((f): f is GroupAst => f.kind === 'group'))];
  tops.sort((a, b) => a.span.start.line - b.span.start.line || a.span.start.column - b.span.start.column);
  for (const node of tops) file.messageType.push(buildMessage(ctx, ctx.pkg, node, [4, file.messageType.length]));
  ast.enums.forEach((node, index) => file.enumType.push(buildEnum(ctx, ctx.pkg, node, [5, index])));
  ast.services.forEach((node, index) => file.service.push(buildService(ctx, node, [6, index])));
  for (const extend of ast.extends) buildExtensions(ctx, extend, file);
  if (ast.options.length > 0) {
    ctx.pending.push({ file: ctx.file, view: ctx.view, scope: `${ctx.pkg}.dummy`, options: ast.options, schema: FileOptionsSchema, apply: (o) => (file.options = o as typeof file.options) });
  }
  file.sourceCodeInfo = ctx.source.build();
  return file;
}

function buildExtensions(ctx: LinkContext, extend: ExtendAst, file: FileDescriptorProto): void {
  for (const field of extend.fields) {
    const place: FieldPlace = { scope: ctx.pkg, path: [7, file.extension.length] };
    const extendee = resolveExtendee(ctx, extend, field, ctx.pkg);
    if (extendee !== undefined) place.extendee = extendee;
    file.extension.push(field.kind === 'group' ? buildGroupField(ctx, field, place) : buildField(ctx, field, place));
  }
}
