import { createFileRegistry, type AnyDesc, type FileRegistry } from '@bufbuild/protobuf';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { docComments } from '../../../src/core/schema/docs';
import { loadSchema } from '../../../src/core/schema/load';
import { maxDocTypes, methodDocs } from '../../../src/core/schema/method-docs';
import { protoc } from '../../helpers/protoc';
import { expectSameAsProtoc } from './proto/same-as-protoc';

const fixtures = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));
const library = 'docs/library.proto';

let ours: FileRegistry;
let theirs: FileRegistry;

beforeAll(async () => {
  [ours, theirs] = await Promise.all([
    loadSchema({ kind: 'protoFiles', files: [`${fixtures}/${library}`], importPaths: [fixtures] }).then(
      (schema) => schema.registry,
    ),
    protoc([library], [fixtures], { sourceInfo: true }).then(createFileRegistry),
  ]);
});

/** Every documentable element of the fixture's files, by a readable key. */
function elements(registry: FileRegistry): Map<string, AnyDesc> {
  const found = new Map<string, AnyDesc>();
  for (const file of registry.files) {
    if (!file.proto.name.startsWith('docs/')) continue;
    for (const service of file.services) {
      found.set(service.typeName, service);
      for (const method of service.methods) found.set(`${service.typeName}.${method.name}`, method);
    }
    const enums = [...file.enums];
    const messages = [...file.messages];
    while (messages.length > 0) {
      const message = messages.shift()!;
      found.set(message.typeName, message);
      for (const field of message.fields) found.set(`${message.typeName}.${field.name}`, field);
      for (const oneof of message.oneofs) found.set(`${message.typeName}.${oneof.name}`, oneof);
      messages.push(...message.nestedMessages);
      enums.push(...message.nestedEnums);
    }
    for (const en of enums) {
      found.set(en.typeName, en);
      for (const value of en.values) found.set(`${en.typeName}.${value.name}`, value);
    }
  }
  return found;
}

describe('comments from source_code_info', () => {
  it('the fixture compiles to the descriptors protoc makes (source info aside)', async () => {
    await expectSameAsProtoc([library], [fixtures]);
  });

  it('our compiler keeps the same leading and trailing comments as protoc for every element', () => {
    const mine = elements(ours);
    const oracle = elements(theirs);
    expect([...mine.keys()].sort()).toEqual([...oracle.keys()].sort());
    const read = (all: Map<string, AnyDesc>) => [...all].map(([key, desc]) => [key, docComments(desc)]);
    expect(read(mine)).toEqual(read(oracle));
    // The fixture comments something of every kind, both ways.
    const comments = read(oracle).map(([, c]) => c as { leading: string; trailing: string });
    expect(comments.filter((c) => c.leading !== '').length).toBeGreaterThan(20);
    expect(comments.filter((c) => c.trailing !== '').length).toBeGreaterThan(6);
  });

  it('reads a multi-paragraph leading comment and a trailing one of the same method', () => {
    const method = theirs.getService('docs.library.Library')!.method['searchBooks']!;
    expect(docComments(method)).toEqual({
      leading:
        'Finds books by title or author.\n\nResults come newest first; an empty query lists every book.',
      trailing: 'Read-only.',
    });
  });
});

describe("a method's docs", () => {
  it('lists the method, its request and response, and every type they reach, with fields and comments', () => {
    const docs = methodDocs(ours.getService('docs.library.Library')!.method['searchBooks']!);
    expect(docs).toMatchObject({
      fullName: 'docs.library.Library.SearchBooks',
      kind: 'unary',
      service: {
        fullName: 'docs.library.Library',
        comments: { leading: expect.stringMatching(/^Lends books/) },
      },
      file: 'docs/library.proto',
      inputType: 'docs.library.SearchRequest',
      outputType: 'docs.library.SearchResponse',
      omitted: 0,
      hasComments: true,
    });
    expect(docs.messages.map((m) => m.fullName)).toEqual([
      'docs.library.SearchRequest',
      'docs.library.SearchResponse',
      'docs.shelf.Location',
      'docs.library.SearchResponse.Book',
    ]);
    expect(docs.enums.map((e) => e.fullName)).toEqual(['docs.library.Genre', 'docs.shelf.Location.Side']);
    const request = docs.messages[0]!;
    expect(request.fields).toEqual([
      field(
        'query',
        'query',
        1,
        '',
        { name: 'string', kind: 'scalar', documented: false },
        "Words from the title or the author's name.",
        '',
      ),
      field(
        'page_size',
        'pageSize',
        2,
        '',
        { name: 'int32', kind: 'scalar', documented: false },
        '',
        'At most 100; 0 means 20.',
      ),
      field(
        'genres',
        'genres',
        3,
        'repeated',
        { name: 'docs.library.Genre', kind: 'enum', documented: true },
        'Only books in these genres.',
        '',
      ),
      field(
        'near',
        'near',
        4,
        '',
        { name: 'docs.shelf.Location', kind: 'message', documented: true },
        'Where the reader stands.',
        '',
      ),
      field(
        'available_only',
        'availableOnly',
        5,
        'optional',
        { name: 'bool', kind: 'scalar', documented: false },
        '',
        'Skip books that are lent out.',
      ),
    ]);
    const book = docs.messages[3]!;
    expect(book.fields.find((f) => f.name === 'added_at')?.type).toEqual({
      name: 'google.protobuf.Timestamp',
      kind: 'message',
      documented: false,
    });
    expect(book.fields.find((f) => f.name === 'copies')).toMatchObject({
      label: 'map',
      mapKey: 'string',
      type: { name: 'int32', kind: 'scalar' },
    });
    expect(book.fields.find((f) => f.name === 'ebook_url')).toMatchObject({ oneof: 'access', label: '' });
    expect(book.oneofs).toEqual([
      { name: 'access', comments: { leading: 'How to borrow it.', trailing: '' } },
    ]);
    expect(docs.enums[0]!.values).toEqual([
      { name: 'GENRE_UNSPECIFIED', number: 0, comments: { leading: 'Not set.', trailing: '' } },
      { name: 'NOVEL', number: 1, comments: { leading: '', trailing: 'Fiction, long form.' } },
      { name: 'POETRY', number: 2, comments: { leading: 'Poems and verse.', trailing: '' } },
    ]);
  });

  it('lists a message taken and returned once, and counts the types beyond the limit', async () => {
    const ping = methodDocs(ours.getService('docs.library.Library')!.method['ping']!);
    expect(ping.messages.map((m) => m.fullName)).toEqual([
      'docs.library.SearchRequest',
      'docs.shelf.Location',
    ]);
    expect(ping.hasComments).toBe(true);

    const folder = await mkdtemp(join(tmpdir(), 'protodesk-wide-'));
    try {
      const types = Array.from({ length: maxDocTypes + 50 }, (_, i) => `message T${i} { int32 n = 1; }`);
      const fields = types.map((_, i) => `  T${i} t${i} = ${i + 1};`);
      await writeFile(
        join(folder, 'wide.proto'),
        `syntax = "proto3";\npackage wide;\nservice S { rpc Get(Root) returns (Root); }\n` +
          `message Root {\n${fields.join('\n')}\n}\n${types.join('\n')}\n`,
      );
      const schema = await loadSchema({
        kind: 'protoFiles',
        files: [join(folder, 'wide.proto')],
        importPaths: [],
      });
      const wide = methodDocs(schema.registry.getService('wide.S')!.method['get']!);
      expect(wide.messages).toHaveLength(maxDocTypes);
      expect(wide.omitted).toBe(51);
      const root = wide.messages[0]!;
      expect(root.fields[0]!.type).toEqual({ name: 'wide.T0', kind: 'message', documented: true });
      expect(root.fields.at(-1)!.type).toEqual({
        name: `wide.T${maxDocTypes + 49}`,
        kind: 'message',
        documented: false,
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('says there are no comments when the schema carries no source info, as reflection serves it', async () => {
    const bare = createFileRegistry(await protoc([library], [fixtures]));
    const docs = methodDocs(bare.getService('docs.library.Library')!.method['searchBooks']!);
    expect(docs.hasComments).toBe(false);
    expect(docs.messages[0]!.fields.map((f) => f.name)).toEqual([
      'query',
      'page_size',
      'genres',
      'near',
      'available_only',
    ]);
  });
});

function field(
  name: string,
  jsonName: string,
  number: number,
  label: string,
  type: object,
  leading: string,
  trailing: string,
) {
  return { name, jsonName, number, label, type, deprecated: false, comments: { leading, trailing } };
}
