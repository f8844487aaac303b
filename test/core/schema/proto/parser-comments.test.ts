import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceCodeInfo_Location } from '@bufbuild/protobuf/wkt';
import type { Comments, MessageAst, ProtoFileAst } from '../../../../src/core/schema/proto/ast';
import { parseProto } from '../../../../src/core/schema/proto/parser';
import { protoc } from '../../../helpers/protoc';

/** Every comment placement rule of protoc's SourceCodeInfo that the parser has to reproduce. */
const COMMENTED = `// Detached from everything: a blank line follows.

// Leading comment of the syntax statement.
syntax = "proto3"; // Trailing comment of the syntax statement.

package demo.comments;

/* Detached block
 * with a star column. */

/**
 * Leading doc comment of Outer,
 * written javadoc style.
 */
message Outer { // Trailing comment of Outer (after the brace).
  // Leading of a.
  int32 a = 1; // Trailing of a.
  // Trailing of a too: the blank line below separates it from b.

  // Leading of b, line one.
  // Leading of b, line two.
  string b = 2;
  /* block leading of c */ int32 c = 3;
  int32 d = 4; /* block trailing of d */

  // Detached inside Outer.

  //
  // Leading of Inner, with an empty first line.
  message Inner {
    int32 x = 1;
    // Dangling before the closing brace.
  }

  oneof choice { // Trailing of choice.
    // Leading of e.
    int32 e = 5;
    string f = 6; // Trailing of f.
  }
  map<string, int32> g = 7; // Trailing of g.
}

// Leading of Kind.
enum Kind {
  KIND_UNSPECIFIED = 0; // Trailing of KIND_UNSPECIFIED.
  // Leading of KIND_A.
  KIND_A = 1;
}

// Leading of Greeter.
service Greeter {
  // Leading of Hello.
  rpc Hello(Outer) returns (Outer); // Trailing of Hello.

  // Detached before Bye.

  // Leading of Bye.
  rpc Bye(stream Outer) returns (stream Outer) { // Trailing of Bye.
    option deprecated = true;
  }
}
// Trailing-looking comment at the end of the file.
`;

/** Each declaration of the tree with the SourceCodeInfo path protoc gives it. */
function declarations(ast: ProtoFileAst): { path: number[]; name: string; comments: Comments }[] {
  const out: { path: number[]; name: string; comments: Comments }[] = [];
  const visitMessage = (message: MessageAst, path: number[]): void => {
    out.push({ path, name: message.name, comments: message.comments });
    let field = 0;
    let nested = 0;
    let oneof = 0;
    let enumIndex = 0;
    for (const element of message.body) {
      if (element.kind === 'field' || element.kind === 'map') {
        out.push({ path: [...path, 2, field++], name: element.name, comments: element.comments });
      } else if (element.kind === 'message') {
        visitMessage(element, [...path, 3, nested++]);
      } else if (element.kind === 'enum') {
        out.push({ path: [...path, 4, enumIndex++], name: element.name, comments: element.comments });
      } else if (element.kind === 'oneof') {
        out.push({ path: [...path, 8, oneof++], name: element.name, comments: element.comments });
        for (const member of element.fields) {
          out.push({ path: [...path, 2, field++], name: member.name, comments: member.comments });
        }
      }
      // protoc adds a nested MapEntry message per map field.
      if (element.kind === 'map') nested++;
    }
  };
  ast.messages.forEach((m, i) => visitMessage(m, [4, i]));
  ast.enums.forEach((e, i) => {
    out.push({ path: [5, i], name: e.name, comments: e.comments });
    e.values.forEach((v, j) => out.push({ path: [5, i, 2, j], name: v.name, comments: v.comments }));
  });
  ast.services.forEach((s, i) => {
    out.push({ path: [6, i], name: s.name, comments: s.comments });
    s.methods.forEach((m, j) => out.push({ path: [6, i, 2, j], name: m.name, comments: m.comments }));
  });
  return out;
}

/** The comments protoc records for a declaration, in the tree's shape. */
function protocComments(location: SourceCodeInfo_Location | undefined): Comments {
  const comments: Comments = { detached: location?.leadingDetachedComments ?? [] };
  if (location?.leadingComments) comments.leading = location.leadingComments;
  if (location?.trailingComments) comments.trailing = location.trailingComments;
  return comments;
}

describe('parseProto comments match protoc SourceCodeInfo', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parser-comments-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('attaches leading, trailing and detached comments on every declaration as protoc does', async () => {
    await writeFile(join(dir, 'commented.proto'), COMMENTED);
    const set = await protoc(['commented.proto'], [dir], { sourceInfo: true });
    const locations = new Map(set.file[0]?.sourceCodeInfo?.location.map((l) => [l.path.join('.'), l]) ?? []);
    const ours = declarations(parseProto(COMMENTED, 'commented.proto'));
    expect(ours.length).toBe(17);
    for (const declaration of ours) {
      const expected = {
        name: declaration.name,
        comments: protocComments(locations.get(declaration.path.join('.'))),
      };
      expect({ name: declaration.name, comments: declaration.comments }).toEqual(expected);
    }
  });

  it('matches protoc on every declaration of the bundled protos', async () => {
    const bundled = join(process.cwd(), 'src/core/schema/bundled/protos');
    const names = (await readdir(bundled, { recursive: true })).filter((n) => n.endsWith('.proto')).sort();
    const set = await protoc(names, [bundled], { sourceInfo: true });
    let checked = 0;
    for (const name of names) {
      const file = set.file.find((f) => f.name === name);
      const locations = new Map(file?.sourceCodeInfo?.location.map((l) => [l.path.join('.'), l]) ?? []);
      for (const declaration of declarations(parseProto(await readFile(join(bundled, name), 'utf8'), name))) {
        const expected = {
          name: `${name} ${declaration.name}`,
          comments: protocComments(locations.get(declaration.path.join('.'))),
        };
        expect({ name: `${name} ${declaration.name}`, comments: declaration.comments }).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('keeps the text after "//" exactly, leading space included', () => {
    const ast = parseProto('syntax = "proto3";\n// hello\nmessage M {}\n', 'a.proto');
    expect(ast.messages[0]?.comments).toEqual({ leading: ' hello\n', detached: [] });
  });
});
