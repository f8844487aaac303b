import { create, type Registry } from '@bufbuild/protobuf';
import {
  FieldOptions_OptionTargetType as Target,
  FileDescriptorProtoSchema,
  FileOptionsSchema,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { attachSourceInfo } from '../compact-source-info';
import { SchemaError } from '../errors';
import type { ExtendAst, GroupAst, MessageAst, ProtoFileAst } from './ast';
import { checkResolvedFeatures } from './check-features';
import { editionNamed, fileEdition, SUPPORTED_EDITIONS, SUPPORTED_EDITIONS_TEXT } from './editions';
import { LinkRecords } from './link-records';
import { pendOptions, type LinkContext, type PendingOptions } from './linker-context';
import { buildEnum } from './linker-enum';
import { buildField, buildGroupField, type FieldPlace } from './linker-field';
import { buildMessage, resolveExtendee } from './linker-message';
import { buildService } from './linker-service';
import { interpretOptions } from './options';
import { OptionTypes } from './options-types';
import { Problems } from './problems';
import { SourceInfoBuilder } from './source-info';
import { collectSymbols } from './symbol-collect';
import { SymbolTable } from './symbols';

/** What the linker knows besides the syntax trees. */
export interface LinkExtras {
  /** Import name -> path shown in problems. */
  displayPaths?: ReadonlyMap<string, string>;
  /**
   * descriptor.proto as protoc has it built in (options are interpreted against it, with its option targets and
   * feature support windows); @bufbuild/protobuf's copy, which lacks those annotations, when not given.
   */
  standard?: Registry;
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
  const records = new LinkRecords(new Map(asts.map((a) => [a.path, fileEdition(a.syntax, a.edition)])));
  const files: FileDescriptorProto[] = [];
  // Consume the trees: each is dropped once its file is built, since on large schemas (googleapis) they are the memory peak.
  for (let ast = asts.shift(); ast; ast = asts.shift()) {
    const visible = new Set<string>([ast.path]);
    for (const imp of ast.imports)
      if (imp.modifier !== 'option') for (const name of publicClosure(imp.path)) visible.add(name);
    const optionVisible = new Set(visible);
    for (const imp of ast.imports)
      if (imp.modifier === 'option') for (const name of publicClosure(imp.path)) optionVisible.add(name);
    const ctx: LinkContext = {
      ast,
      file: ast.path,
      edition: fileEdition(ast.syntax, ast.edition),
      pkg: ast.package?.name ?? '',
      view: { name: ast.path, visible },
      optionView: { name: ast.path, visible: optionVisible },
      symbols,
      problems,
      source: new SourceInfoBuilder(),
      pending,
      records,
    };
    files.push(buildFile(ctx));
  }
  const types = new OptionTypes(files, symbols, extras.standard);
  if (problems.list.length === 0) interpretOptions(pending, types, records, problems);
  if (problems.list.length === 0) checkResolvedFeatures(files, types, records, problems);
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  return files;
}

function checkSyntax(ast: ProtoFileAst, problems: Problems): void {
  if (ast.syntax !== 'editions') return;
  const edition = editionNamed(ast.edition ?? '');
  if (edition !== undefined && SUPPORTED_EDITIONS.includes(edition)) return;
  problems.add(
    ast.path,
    ast.syntaxSpan,
    `Edition "${ast.edition ?? ''}" is not supported: Protodesk compiles editions ${SUPPORTED_EDITIONS_TEXT}, as protoc 35.1 does`,
    'Write edition = "2023"; or edition = "2024"; (or syntax = "proto3"; for a proto3 file).',
  );
}

/** For each file: itself plus everything it re-exports through `import public`, transitively. */
function publicClosures(asts: ProtoFileAst[]): (name: string) => Set<string> {
  const publicImports = new Map(
    asts.map((a) => [a.path, a.imports.filter((i) => i.modifier === 'public').map((i) => i.path)]),
  );
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
  const imports = ast.imports.filter((i) => i.modifier !== 'option');
  const file = create(FileDescriptorProtoSchema, {
    name: ast.path,
    dependency: imports.map((i) => i.path),
    optionDependency: ast.imports.filter((i) => i.modifier === 'option').map((i) => i.path),
  });
  if (ast.package) {
    file.package = ast.package.name;
    ctx.records.packageSpans.set(ast.path, ast.package.span);
  }
  imports.forEach((imp, index) => {
    if (imp.modifier === 'public') file.publicDependency.push(index);
    if (imp.modifier === 'weak') file.weakDependency.push(index);
  });
  if (ast.syntax !== 'proto2') file.syntax = ast.syntax;
  if (ast.syntax === 'editions') file.edition = ctx.edition;
  if (ast.syntaxSpan) ctx.records.spans.set(file, ast.syntaxSpan);
  // Groups declared in file-level extend blocks are top-level messages, in declaration order among the others.
  const tops: (MessageAst | GroupAst)[] = [
    ...ast.messages,
    ...ast.extends.flatMap((e) => e.fields.filter((f): f is GroupAst => f.kind === 'group')),
  ];
  tops.sort((a, b) => a.span.start.line - b.span.start.line || a.span.start.column - b.span.start.column);
  for (const node of tops)
    file.messageType.push(buildMessage(ctx, ctx.pkg, node, [4, file.messageType.length]));
  ast.enums.forEach((node, index) => file.enumType.push(buildEnum(ctx, ctx.pkg, node, [5, index])));
  ast.services.forEach((node, index) => file.service.push(buildService(ctx, node, [6, index])));
  for (const extend of ast.extends) buildExtensions(ctx, extend, file);
  pendOptions(ctx, file, Target.TARGET_TYPE_FILE, `${ctx.pkg}.dummy`, ast.options, FileOptionsSchema);
  attachSourceInfo(file, ctx.source.build());
  return file;
}

function buildExtensions(ctx: LinkContext, extend: ExtendAst, file: FileDescriptorProto): void {
  for (const field of extend.fields) {
    const place: FieldPlace = { scope: ctx.pkg, path: [7, file.extension.length] };
    const extendee = resolveExtendee(ctx, extend, field, ctx.pkg);
    if (extendee !== undefined) place.extendee = extendee;
    file.extension.push(
      field.kind === 'group' ? buildGroupField(ctx, field, place) : buildField(ctx, field, place),
    );
  }
}
