/**
 * The .proto parser: a recursive-descent reader of proto2, proto3 and editions files into the syntax
 * tree of ast.ts, following protoc's grammar (compiler/parser.cc). The first syntax error throws.
 */
import { Edition } from '@bufbuild/protobuf/wkt';
import type { ImportAst, MethodAst, ProtoFileAst, ServiceAst } from './ast';
import { Cursor, describe, tokenSpan } from './cursor';
import { fileEdition } from './editions';
import { parseEnum } from './enum-parser';
import { parseExtend, parseMessage, parseVisibleType } from './message-parser';
import type { ParseContext } from './parse-context';
import { parseOptionStatement, parseTypeName } from './statements';

/** Parses one .proto file's text; `path` is its import name (used in the tree and in error locations). Throws SchemaError. */
export function parseProto(text: string, path: string): ProtoFileAst {
  const c = new Cursor(text, path);
  const file: ProtoFileAst = {
    path,
    syntax: 'proto2',
    imports: [],
    options: [],
    messages: [],
    enums: [],
    services: [],
    extends: [],
  };
  if (c.is('syntax') || c.is('edition')) parseSyntax(c, file);
  const ctx: ParseContext = { c, syntax: file.syntax, edition: fileEdition(file.syntax, file.edition) };
  while (c.tok.kind !== 'eof') parseTopLevel(ctx, file);
  return file;
}

/** `syntax = "proto3";` or `edition = "2023";` */
function parseSyntax(c: Cursor, file: ProtoFileAst): void {
  const start = c.start();
  const keyword = c.advance().text;
  c.expect('=', () => `after "${keyword}"`);
  const valueAt = c.start();
  const value = c.string(
    keyword === 'syntax' ? 'the syntax name ("proto2" or "proto3")' : 'an edition, like "2023"',
  );
  if (keyword === 'edition') {
    file.syntax = 'editions';
    file.edition = value;
  } else if (value === 'proto2' || value === 'proto3') {
    file.syntax = value;
  } else {
    c.fail(
      `Unknown syntax "${value}": expected "proto2" or "proto3" (editions files use edition = "2023")`,
      valueAt,
    );
  }
  c.endDeclaration(';', () => `after the ${keyword} statement`, true);
  file.syntaxSpan = c.spanFrom(start);
}

/** One top-level statement. */
function parseTopLevel(ctx: ParseContext, file: ProtoFileAst): void {
  const { c } = ctx;
  if (c.is(';')) {
    c.endDeclaration(';', '', false);
    return;
  }
  switch (c.tok.kind === 'identifier' ? c.tok.text : '') {
    case 'message':
      file.messages.push(parseMessage(ctx));
      return;
    case 'enum':
      file.enums.push(parseEnum(ctx));
      return;
    case 'service':
      file.services.push(parseService(ctx));
      return;
    case 'extend':
      file.extends.push(parseExtend(ctx));
      return;
    case 'import':
      file.imports.push(parseImport(ctx, file.imports));
      return;
    case 'package':
      parsePackage(c, file);
      return;
    case 'option':
      file.options.push(parseOptionStatement(c));
      return;
    case 'syntax':
    case 'edition':
      return c.fail(`"${c.tok.text}" must be the first statement in the file`);
    case 'export':
    case 'local': {
      const node = parseVisibleType(ctx);
      if (node.kind === 'message') file.messages.push(node);
      else file.enums.push(node);
      return;
    }
  }
  // Not even the first statement: not a .proto file at all (a .env, a key), so quote nothing of it.
  if (!hasDeclarations(file)) {
    c.fail(
      'This is not a .proto file: it does not start with "syntax", "edition", "package", "import", "option", "message", "enum" or "service"',
    );
  }
  c.fail(
    `Expected a top-level declaration ("message", "enum", "service", "extend", "import", "package" or "option"), found ${describe(c.tok)}`,
  );
}

function hasDeclarations(file: ProtoFileAst): boolean {
  const lists = [file.imports, file.options, file.messages, file.enums, file.services, file.extends];
  return file.syntaxSpan !== undefined || file.package !== undefined || lists.some((list) => list.length > 0);
}

/** `import "a.proto";`, `import public "a.proto";`, `import weak "a.proto";`, `import option "a.proto";` (edition 2024). */
function parseImport(ctx: ParseContext, earlier: ImportAst[]): ImportAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  let modifier: ImportAst['modifier'];
  if (c.is('public') || c.is('weak') || c.is('option')) {
    if (c.is('option') && ctx.edition < Edition.EDITION_2024)
      c.fail('"import option" needs edition 2024 or later; use a plain import');
    if (c.is('weak') && ctx.edition >= Edition.EDITION_2024)
      c.fail(
        '"import weak" is not allowed from edition 2024 on; use "import option" for a file needed only for its options',
      );
    modifier = c.advance().text as ImportAst['modifier'];
  }
  // protoc keeps option imports last, so that files print back the way they were written.
  if (modifier !== 'option' && earlier.some((i) => i.modifier === 'option'))
    c.fail('Imports must come before the "import option" statements', start);
  const path = c.string(() =>
    modifier ? `a file name after "import ${modifier}"` : 'a file name or "public" after "import"',
  );
  c.endDeclaration(';', () => `after the import of "${path}"`, true);
  const result: ImportAst = { path, span: c.spanFrom(start) };
  if (modifier) result.modifier = modifier;
  return result;
}

/** `package a.b.c;` (at most one per file). */
function parsePackage(c: Cursor, file: ProtoFileAst): void {
  if (file.package)
    c.fail(
      `A file can have only one "package" statement (the first is at line ${file.package.span.start.line})`,
    );
  const start = c.start();
  c.advance();
  let name = c.identifier('a package name').text;
  while (c.tryConsume('.')) name += `.${c.identifier('a name after "."').text}`;
  c.endDeclaration(';', 'after the package name', true);
  file.package = { name, span: c.spanFrom(start) };
}

/** `service Name { option ...; rpc ...; }` */
function parseService(ctx: ParseContext): ServiceAst {
  const { c } = ctx;
  const start = c.start();
  c.advance();
  const nameToken = c.identifier('a service name');
  const comments = c.endDeclaration('{', () => `after the service name "${nameToken.text}"`, true);
  const service: ServiceAst = {
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments,
    methods: [],
    options: [],
  };
  while (!c.is('}')) {
    if (c.tok.kind === 'eof')
      c.fail(`Expected "}" to close the service "${nameToken.text}", found end of file`);
    if (c.is(';')) c.endDeclaration(';', '', false);
    else if (c.is('option')) service.options.push(parseOptionStatement(c));
    else if (c.is('rpc')) service.methods.push(parseMethod(c));
    else
      c.fail(`Expected "rpc", "option" or "}" in the service "${nameToken.text}", found ${describe(c.tok)}`);
  }
  c.endDeclaration('}', '', false);
  service.span = c.spanFrom(start);
  return service;
}

/** `rpc Name (stream In) returns (stream Out);` or with a `{ option ...; }` body. */
function parseMethod(c: Cursor): MethodAst {
  const start = c.start();
  c.advance();
  const nameToken = c.identifier('a method name');
  c.expect('(', () => `after the method name "${nameToken.text}"`);
  const clientStreaming = c.tryConsume('stream');
  const input = parseTypeName(c, 'a request message type', false);
  c.expect(')', 'after the request type');
  if (!c.is('returns')) c.fail(`Expected "returns" after the request type, found ${describe(c.tok)}`);
  c.advance();
  c.expect('(', 'after "returns"');
  const serverStreaming = c.tryConsume('stream');
  const output = parseTypeName(c, 'a response message type', false);
  c.expect(')', 'after the response type');
  const method: MethodAst = {
    name: nameToken.text,
    span: c.spanFrom(start),
    nameSpan: tokenSpan(nameToken),
    comments: { detached: [] },
    inputType: input.name,
    inputTypeSpan: input.span,
    clientStreaming,
    outputType: output.name,
    outputTypeSpan: output.span,
    serverStreaming,
    options: [],
    hasBody: c.is('{'),
  };
  if (method.hasBody) {
    method.comments = c.endDeclaration('{', '', true);
    while (!c.is('}')) {
      if (c.tok.kind === 'eof')
        c.fail(`Expected "}" to close the method "${nameToken.text}", found end of file`);
      if (c.is(';')) c.endDeclaration(';', '', false);
      else if (c.is('option')) method.options.push(parseOptionStatement(c));
      else c.fail(`Expected "option" or "}" in the method "${nameToken.text}", found ${describe(c.tok)}`);
    }
    c.endDeclaration('}', '', false);
  } else {
    method.comments = c.endDeclaration(';', () => `or "{" after the method "${nameToken.text}"`, true);
  }
  method.span = c.spanFrom(start);
  return method;
}
