import {
  clone,
  create,
  createFileRegistry,
  equals,
  isFieldSet,
  toBinary,
  type FileRegistry,
} from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
  type FileDescriptorProto,
  type FileDescriptorSet,
} from '@bufbuild/protobuf/wkt';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { encodeJson } from '../../../../src/core/schema/json';
import { loadSchema } from '../../../../src/core/schema/load';
import { repairLossyDescriptors } from '../../../../src/core/schema/reflection/lossy-repair';
import { importProtosHint } from '../../../../src/core/schema/reflection/lossy/problems';
import { forEachMessage } from '../../../../src/core/schema/reflection/lossy/messages';
import { bundledWellKnownFiles } from '../../../../src/core/schema/reflection/lossy/well-known';
import { reflectSchema } from '../../../../src/core/schema/reflection/reflect';
import { protoc } from '../../../helpers/protoc';
import { startGoReflect } from '../../../peers/go-reflect/server';
import { fieldNaming } from '../../../peers/js-nest/field-names';
import { fullOrder } from '../../../peers/js-nest/requests';
import {
  nestProtoFiles,
  nestProtoRoot,
  startJsNest,
  type JsNestOptions,
} from '../../../peers/js-nest/server';
import { jsonFormat } from '../json/oracle';
import { schemaShape, type Rename } from './schema-shape';
import { servedDescriptors } from './served-descriptors';

const fixtures = fileURLToPath(new URL('../../../fixtures/protos/', import.meta.url));
const bundled = fileURLToPath(new URL('../../../../src/core/schema/bundled/protos/', import.meta.url));
const origin = 'The server at 127.0.0.1:50051';
const lossy = `${origin} serves lossy reflection descriptors (those @grpc/proto-loader makes, served by @grpc/reflection): `;

let wellKnown: FileDescriptorProto[];
let nestSet: FileDescriptorSet;
beforeAll(async () => {
  [wellKnown, nestSet] = await Promise.all([
    bundledWellKnownFiles(),
    protoc(nestProtoFiles, [nestProtoRoot]),
  ]);
});

/** What the NestJS-style peer's reflection serves with these options (the peer runs only while it is read). */
async function served(options: JsNestOptions = {}): Promise<FileDescriptorProto[]> {
  const server = await startJsNest(options);
  try {
    return await servedDescriptors(server.port);
  } finally {
    await server.stop();
  }
}

const registryOf = (files: FileDescriptorProto[]): FileRegistry =>
  createFileRegistry(create(FileDescriptorSetSchema, { file: files }));

/** The engine's descriptor.proto may be a different release than protoc's; every other type must match. */
const notDescriptorProto = (file: string): boolean => file === 'google/protobuf/descriptor.proto';

/** A top-level or nested message of the files, by full name. */
function message(files: FileDescriptorProto[], fullName: string): DescriptorProto {
  for (const file of files) {
    if (!fullName.startsWith(`${file.package}.`)) continue;
    const path = fullName.slice(file.package.length + 1).split('.');
    let scope: DescriptorProto | undefined = file.messageType.find((m) => m.name === path[0]);
    for (const name of path.slice(1)) scope = scope?.nestedType.find((m) => m.name === name);
    if (scope) return scope;
  }
  throw new Error(`${fullName} is not in the files`);
}

const field = (m: DescriptorProto, name: string) => m.field.find((f) => f.name === name);
const hasJsonName = (f: FieldDescriptorProto): boolean =>
  isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName);
const rejection = (run: () => unknown): SchemaError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return error as SchemaError;
  }
  throw new Error('expected a SchemaError');
};

describe('what @grpc/reflection 1.0.4 serves for a NestJS-style server (proto-loader, keepCase: true)', () => {
  let files: FileDescriptorProto[];
  beforeAll(async () => {
    files = await served();
  });

  test('one file per package, named after it, importing nothing', () => {
    const packages = [...new Set(nestSet.file.map((f) => f.package))];
    expect(files.map((f) => f.name).sort()).toEqual(
      packages.map((p) => `${p.replaceAll('.', '_')}.proto`).sort(),
    );
    expect(files.flatMap((f) => f.dependency)).toEqual([]);
  });

  test('type names relative to the wrong scope, map entries named after their field, no proto3_optional, no json_name', () => {
    const order = message(files, 'shop.orders.v1.Order');
    expect(field(order, 'status')?.typeName).toBe('Status');
    expect(field(order, 'drop_point')?.typeName).toBe('common.v1.Address.GeoPoint');
    // CustomerHistory has a field named `orders`, like a package component: protobufjs then stops shortening early.
    expect(field(message(files, 'shop.orders.v1.ImportSummary'), 'customers')?.typeName).toBe(
      'orders.v1.CustomerHistory',
    );
    // The entry is found by the field's bare, upper-cased name; its value type is relative to the package, not the entry.
    expect(field(order, 'items_by_sku')?.typeName).toBe('Items_by_sku');
    const entry = message(files, 'shop.orders.v1.Order.Items_by_sku');
    expect(entry.options?.mapEntry).toBe(true);
    expect(field(entry, 'value')?.typeName).toBe('Order.LineItem');
    // `optional string gift_message` is a plain oneof of one field.
    const gift = field(order, 'gift_message')!;
    expect(order.oneofDecl[gift.oneofIndex]?.name).toBe('_gift_message');
    expect(gift.proto3Optional).toBe(false);
    const jsonNames: string[] = [];
    for (const file of files)
      forEachMessage(file, (m) => jsonNames.push(...m.field.filter(hasJsonName).map((f) => f.jsonName)));
    expect(jsonNames).toEqual([]);
  });

  test('an extension declared in a message is one of its fields', () => {
    expect(field(message(files, 'shop.rules.v1.Audit'), 'audited')?.extendee).toBe(
      '.google.protobuf.MethodOptions',
    );
  });

  test("the well-known types, descriptor.proto's among them, in one file of their own, marked proto3", () => {
    const google = files.find((f) => f.package === 'google.protobuf')!;
    expect(google.name).toBe('google_protobuf.proto');
    expect(google.syntax).toBe('proto3');
    const names = google.messageType.map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Empty',
        'Duration',
        'Timestamp',
        'StringValue',
        'Int64Value',
        'FieldOptions',
        'MethodOptions',
      ]),
    );
  });

  test('with keepCase: false, field, oneof, map entry and extension names are camel-cased', async () => {
    const camel = await served({ loaderOptions: { keepCase: false } });
    const order = message(camel, 'shop.orders.v1.Order');
    expect(field(order, 'itemsBySku')?.typeName).toBe('ItemsBySku');
    expect(order.oneofDecl.map((o) => o.name)).toEqual(['payment', '_giftMessage']);
    expect(camel.find((f) => f.package === 'shop.rules.v1')?.extension.map((e) => e.name)).toEqual([
      'fieldRule',
    ]);
  });

  test("from a descriptor set (NestJS's packageDefinition option): real file names, each holding its whole package", async () => {
    const fromSet = await served({ descriptorSet: toBinary(FileDescriptorSetSchema, nestSet) });
    const google = fromSet.filter((f) => f.package === 'google.protobuf');
    expect(google).toHaveLength(1);
    // The well-known types all sit in whichever of their files protobufjs read last.
    expect(nestSet.file.map((f) => f.name)).toContain(google[0]!.name);
    expect(google[0]!.messageType.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Timestamp', 'Duration', 'Empty', 'StringValue']),
    );
    // Map entries keep protoc's names, but every message declaring one is marked a map entry itself.
    expect(message(fromSet, 'shop.catalog.v1.Product.VariantsEntry').options?.mapEntry).toBe(true);
    expect(message(fromSet, 'shop.catalog.v1.Product').options?.mapEntry).toBe(true);
    expect(field(message(fromSet, 'shop.catalog.v1.Product.VariantsEntry'), 'value')?.typeName).toBe(
      'Variant',
    );
  });
});

describe.each([
  { variant: 'protoPath with keepCase: true', options: (): JsNestOptions => ({}), rename: fieldNaming(true) },
  {
    variant: 'protoPath with keepCase: false (camel-cased names)',
    options: (): JsNestOptions => ({ loaderOptions: { keepCase: false } }),
    rename: fieldNaming(false),
  },
  {
    variant: "packageDefinition from protoc's descriptor set",
    options: (): JsNestOptions => ({ descriptorSet: toBinary(FileDescriptorSetSchema, nestSet) }),
    rename: fieldNaming(true),
  },
])(
  'repairLossyDescriptors: $variant',
  ({ options, rename }: { options: () => JsNestOptions; rename: Rename }) => {
    let files: FileDescriptorProto[];
    let before: FileDescriptorProto[];
    let repaired: FileDescriptorProto[];
    beforeAll(async () => {
      files = await served(options());
      before = files.map((file) => clone(FileDescriptorProtoSchema, file));
      repaired = repairLossyDescriptors(files, wellKnown, origin);
    });

    test('gives the types protoc compiles, field by field (names as proto-loader loaded them)', () => {
      expect(schemaShape(registryOf(repaired), undefined, notDescriptorProto)).toEqual(
        schemaShape(createFileRegistry(nestSet), rename, notDescriptorProto),
      );
    });

    test("the well-known types are the engine's own files, those protoc includes", () => {
      const google = repaired.filter((f) => f.package === 'google.protobuf');
      for (const file of google) expect(wellKnown).toContain(file);
      expect(google.map((f) => f.name).sort()).toEqual(
        nestSet.file
          .filter((f) => f.package === 'google.protobuf')
          .map((f) => f.name)
          .sort(),
      );
    });

    test("Python's descriptor pool accepts the repaired set (imports included) and prints what it prints with protoc's", async () => {
      const set = create(FileDescriptorSetSchema, { file: repaired });
      const bytes = encodeJson(
        createFileRegistry(nestSet),
        createFileRegistry(nestSet).getMessage('shop.orders.v1.Order')!,
        fullOrder,
      );
      const [fromRepaired, fromProtoc] = await Promise.all([
        jsonFormat(set, 'shop.orders.v1.Order', [bytes]),
        jsonFormat(nestSet, 'shop.orders.v1.Order', [bytes]),
      ]);
      expect(fromRepaired).toEqual(fromProtoc);
    });

    test('leaves what it was given as it was', () => {
      files.forEach((file, i) => expect(equals(FileDescriptorProtoSchema, file, before[i]!)).toBe(true));
    });
  },
);

describe("repairLossyDescriptors on packages whose files import each other's", () => {
  const atlas = ['atlas/places/v1/landmark.proto'];
  let files: FileDescriptorProto[];
  let repaired: FileDescriptorProto[];
  beforeAll(async () => {
    files = await served({ protoFiles: atlas });
    repaired = repairLossyDescriptors(files, wellKnown, origin);
  });

  test('proto-loader serves one file per package, which would import each other', () => {
    const places = files.find((f) => f.package === 'atlas.places.v1')!;
    const people = files.find((f) => f.package === 'atlas.people.v1')!;
    expect(field(message([places], 'atlas.places.v1.Landmark'), 'founder')?.typeName).toBe(
      'people.v1.Person',
    );
    expect(field(message([people], 'atlas.people.v1.Person'), 'home')?.typeName).toBe('places.v1.City');
  });

  test("the files on the cycle are split by declaration, and the types are protoc's", async () => {
    expect(repaired.map((f) => `${f.name} <- ${f.dependency.join(', ')}`)).toEqual([
      'atlas_places_v1/City.proto <- ',
      'atlas_people_v1/Person.proto <- atlas_places_v1/City.proto',
      'atlas_places_v1/Landmark.proto <- atlas_people_v1/Person.proto, atlas_places_v1/City.proto',
      'atlas_places_v1/Landmarks.proto <- atlas_people_v1/Person.proto, atlas_places_v1/Landmark.proto',
    ]);
    const protocSet = await protoc(atlas, [nestProtoRoot]);
    expect(schemaShape(registryOf(repaired))).toEqual(schemaShape(createFileRegistry(protocSet)));
    // Python's descriptor pool checks that every file imports what it uses.
    const landmark = {
      name: 'Tower',
      founder: { name: 'Ada', home: { name: 'London' } },
      city: { name: 'Paris' },
    };
    const bytes = encodeJson(
      createFileRegistry(protocSet),
      createFileRegistry(protocSet).getMessage('atlas.places.v1.Landmark')!,
      landmark,
    );
    const set = create(FileDescriptorSetSchema, { file: repaired });
    expect(await jsonFormat(set, 'atlas.places.v1.Landmark', [bytes])).toEqual([landmark]);
  });

  test('the schema loads through reflection', async () => {
    const server = await startJsNest({ protoFiles: atlas });
    try {
      const schema = await loadSchema({
        kind: 'reflection',
        target: `127.0.0.1:${server.port}`,
        tls: { mode: 'plaintext' },
      });
      expect(schema.method('atlas.places.v1.Landmarks/FoundedBy')?.output.typeName).toBe(
        'atlas.places.v1.Landmark',
      );
    } finally {
      await server.stop();
    }
  });
});

describe('repairLossyDescriptors leaves correct descriptors untouched', () => {
  test.each([
    ['grpc/testing/test.proto'],
    ['json/kitchen.proto'],
    ['describe/shapes.proto'],
    ['protodesk/wkt.proto'],
    ['protodesk/proto2.proto'],
    ['protodesk/public/top.proto'],
  ])("protoc's descriptors of %s: the same array, every file unchanged", async (file) => {
    const set = await protoc([file], [fixtures, bundled]);
    const before = set.file.map((f) => clone(FileDescriptorProtoSchema, f));
    expect(repairLossyDescriptors(set.file, wellKnown, origin)).toBe(set.file);
    set.file.forEach((f, i) => expect(equals(FileDescriptorProtoSchema, f, before[i]!)).toBe(true));
  });

  test("protoc's descriptors of the NestJS peer's own protos", () => {
    expect(repairLossyDescriptors(nestSet.file, wellKnown, origin)).toBe(nestSet.file);
  });

  describe("what grpc-go's reflection serves", () => {
    let stop: () => Promise<void>;
    let port: number;
    beforeAll(async () => {
      ({ port, stop } = await startGoReflect());
    });
    afterAll(() => stop?.());

    test('the same array, every file unchanged', async () => {
      const files = await servedDescriptors(port);
      const before = files.map((f) => clone(FileDescriptorProtoSchema, f));
      expect(repairLossyDescriptors(files, wellKnown, origin)).toBe(files);
      files.forEach((f, i) => expect(equals(FileDescriptorProtoSchema, f, before[i]!)).toBe(true));
      // grpc-go's descriptors carry json_name; the repair would have added it to lossy ones only.
      expect(files.some((f) => f.messageType.some((m) => m.field.some(hasJsonName)))).toBe(true);
    });
  });
});

describe('what cannot be repaired', () => {
  test('a type name proto-loader made ambiguous: each is named with its file, and the fix', async () => {
    const files = await served({ protoFiles: ['shop/labels/v1/labels.proto'] });
    const error = rejection(() => repairLossyDescriptors(files, wellKnown, origin));
    const could = 'refers to "Status", which could be shop.labels.v1.Label.Status or shop.labels.v1.Status.';
    expect(error.problems).toEqual([
      {
        message: `${lossy}in shop_labels_v1.proto, field shop.labels.v1.Label.status ${could}`,
        hint: importProtosHint,
      },
      {
        message: `${lossy}in shop_labels_v1.proto, field shop.labels.v1.Label.owner_status ${could}`,
        hint: importProtosHint,
      },
    ]);
    expect(importProtosHint).toBe(
      "Import the service's .proto files instead (or a descriptor set made with protoc --include_imports or buf build).",
    );
  });

  test('reflection reports it for the server it asked', async () => {
    const server = await startJsNest({ protoFiles: ['shop/labels/v1/labels.proto'] });
    try {
      const error = await reflectSchema({
        target: `127.0.0.1:${server.port}`,
        tls: { mode: 'plaintext' },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaError);
      expect((error as SchemaError).problems[0]?.message).toMatch(
        new RegExp(
          `^The server at 127\\.0\\.0\\.1:${server.port} serves lossy reflection descriptors .*field shop\\.labels\\.v1\\.Label\\.status refers to "Status"`,
        ),
      );
    } finally {
      await server.stop();
    }
  });

  test('a type in none of the files sent: every reference to it is named', async () => {
    const withoutCommon = (await served()).filter((file) => file.package !== 'shop.common.v1');
    const error = rejection(() => repairLossyDescriptors(withoutCommon, wellKnown, origin));
    expect(error.problems[0]).toEqual({
      message: `${lossy}in shop_orders_v1.proto, field shop.orders.v1.Order.shipping_address refers to "common.v1.Address", which is declared in none of the files the server sent.`,
      hint: importProtosHint,
    });
    // Every reference into shop.common.v1 (Money, PageRequest, Address and its nested types), and nothing else.
    const expected = nestSet.file
      .filter((f) => f.package !== 'shop.common.v1')
      .flatMap((f) => JSON.stringify(f).match(/"typeName":"\.shop\.common\.v1\.[^"]*"/g) ?? []);
    expect(error.problems).toHaveLength(expected.length);
    for (const problem of error.problems)
      expect(problem.message).toMatch(/which is declared in none of the files the server sent\.$/);
  });
});
