import {
  Client,
  credentials,
  Metadata,
  status,
  type ChannelCredentials,
  type ServiceError,
} from '@grpc/grpc-js';
import {
  createFileRegistry,
  fromBinary,
  fromJson,
  toBinary,
  toJson,
  type DescMessage,
  type FileRegistry,
  type JsonValue,
} from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, type Any, type FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reflectSchema, type ReflectedSchema } from '../../../src/core/schema/reflection/reflect';
import { ReflectionStream } from '../../../src/core/schema/reflection/stream';
import { protoc } from '../../helpers/protoc';
import { pythonJson, pythonJsonText, pythonParse, pythonParseAll } from '../../peers/py-grpc/json-oracle';
import { bidi, clientStream, pingPong, serverStream, unary } from '../../helpers/raw-calls';
import { pyProtoRoot, pySchemaFiles, type PySchema } from '../../peers/py-grpc/schemas';
import {
  fixtureServerTls,
  startPyServer,
  type PyServer,
  type PyServerOptions,
} from '../../peers/py-grpc/server';
import { withoutJsonNames } from '../../helpers/descriptor-fields';
import { fullKitchen, jsonNames } from './py-grpc-support';

const certs = new URL('../../fixtures/certs/', import.meta.url).pathname;
const ca = readFileSync(`${certs}ca.pem`);
const movies = '/protodesk.pyservice.v1.MovieService';
const kitchen = '/protodesk.pyservice.v1.KitchenService';

// The Python grpcio peer and Python's JSON oracle, checked against themselves and against protoc: real Python
// processes, real calls. The peer's reflection is what Protodesk must cope with: descriptors without json_name.
describe('Python grpcio peer (test/peers/py-grpc)', () => {
  let registry: FileRegistry;
  /** protoc's descriptors of every schema's files, by file name. */
  let protocFiles: Map<string, FileDescriptorProto>;
  const servers: PyServer[] = [];
  const clients: Client[] = [];
  const port: Record<'both' | 'v1alpha' | 'tls' | 'mutual' | Exclude<PySchema, 'pyservice'>, number> = {
    both: 0,
    v1alpha: 0,
    tls: 0,
    mutual: 0,
    editions2023: 0,
    editions2024: 0,
  };

  beforeAll(async () => {
    const start = async (options: PyServerOptions): Promise<number> => {
      const server = await startPyServer(options);
      servers.push(server);
      return server.port;
    };
    const files = [...pySchemaFiles.pyservice, ...pySchemaFiles.editions2023, ...pySchemaFiles.editions2024];
    const [set] = await Promise.all([
      protoc(files, [pyProtoRoot]),
      (async () => {
        port.both = await start({ schema: 'pyservice' });
        port.v1alpha = await start({ schema: 'pyservice', reflection: 'v1alpha' });
      })(),
      (async () => {
        port.tls = await start({ schema: 'pyservice', tls: fixtureServerTls });
        port.mutual = await start({
          schema: 'pyservice',
          tls: { ...fixtureServerTls, clientCa: `${certs}ca.pem` },
        });
        port.editions2023 = await start({ schema: 'editions2023' });
        port.editions2024 = await start({ schema: 'editions2024' });
      })(),
    ]);
    registry = createFileRegistry(set);
    protocFiles = new Map(set.file.map((file) => [file.name, file]));
  });
  afterAll(async () => {
    clients.forEach((client) => client.close());
    await Promise.all(servers.map((server) => server.stop()));
  });

  const connect = (to: number, security: ChannelCredentials): Client => {
    const made = new Client(`127.0.0.1:${to}`, security);
    clients.push(made);
    return made;
  };
  /** A client of a peer: plaintext, or trusting the fixture CA for the TLS peers (with the client certificate for mutual). */
  const client = (to: keyof typeof port): Client => {
    if (to === 'tls') return connect(port.tls, credentials.createSsl(ca));
    if (to === 'mutual') {
      return connect(
        port.mutual,
        credentials.createSsl(ca, readFileSync(`${certs}client.key`), readFileSync(`${certs}client.pem`)),
      );
    }
    return connect(port[to], credentials.createInsecure());
  };
  const schema = (typeName: string): DescMessage => {
    const message = registry.getMessage(typeName);
    if (!message) throw new Error(`${typeName} is not in protoc's descriptors`);
    return message;
  };
  /** Encodes canonical JSON with protoc's descriptors (which carry json_name): the bytes a correct client sends. */
  const encode = (typeName: string, json: JsonValue): Uint8Array =>
    toBinary(schema(typeName), fromJson(schema(typeName), json, { registry }));
  /** Decodes with protoc's descriptors and prints with @bufbuild/protobuf: a second opinion next to Python's. */
  const decode = (typeName: string, bytes: Uint8Array): JsonValue =>
    toJson(schema(typeName), fromBinary(schema(typeName), bytes), { registry });
  const failure = (call: Promise<unknown>): Promise<ServiceError> =>
    call.then(
      () => {
        throw new Error('the call succeeded');
      },
      (error: ServiceError) => error,
    );

  describe('MovieService', () => {
    const request = (json: JsonValue): Uint8Array => encode('protodesk.pyservice.v1.ListMoviesRequest', json);

    test('ListMovies {"pageSize": 3} streams the first three movies, printed by Python with JSON names', async () => {
      const replies = await serverStream(client('both'), `${movies}/ListMovies`, request({ pageSize: 3 }));
      const printed = await pythonJson('pyservice', 'protodesk.pyservice.v1.Movie', replies);
      expect(printed).toHaveLength(3);
      expect(printed[0]).toEqual({
        movieId: 'm-001',
        title: 'Metropolis',
        releaseYear: 1927,
        genre: 'GENRE_SCIENCE_FICTION',
        runningTime: '9180s',
        premieredAt: '1927-01-10T00:00:00Z',
        castMembers: [{ fullName: 'Brigitte Helm', birthYear: 1906 }],
        imdbRating: 8.3,
        tagLine: 'The mediator between head and hands must be the heart!',
      });
      expect(printed.map((movie) => (movie as { title: string }).title)).toEqual([
        'Metropolis',
        'Modern Times',
        'Amélie',
      ]);
      const [first] = await pythonJson('pyservice', 'protodesk.pyservice.v1.Movie', replies.slice(0, 1), {
        protoNames: true,
      });
      expect(Object.keys(first as object)).toEqual([
        'movie_id',
        'title',
        'release_year',
        'genre',
        'running_time',
        'premiered_at',
        'cast_members',
        'imdb_rating',
        'tag_line',
      ]);
    });

    test('ListMovies: page size 0 means five, a genre filters, a negative size is INVALID_ARGUMENT', async () => {
      expect(await serverStream(client('both'), `${movies}/ListMovies`, request({}))).toHaveLength(5);
      const dramas = await serverStream(
        client('both'),
        `${movies}/ListMovies`,
        request({ pageSize: 10, genreFilter: 'GENRE_DRAMA' }),
      );
      expect(
        dramas.map((bytes) => (decode('protodesk.pyservice.v1.Movie', bytes) as { title: string }).title),
      ).toEqual(['Casablanca', 'Bicycle Thieves']);
      const error = await failure(
        serverStream(client('both'), `${movies}/ListMovies`, request({ pageSize: -1 })),
      );
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.INVALID_ARGUMENT,
        details: 'page_size must not be negative',
      });
    });

    test('the whole catalog: Python and @bufbuild/protobuf (with protoc json_names) print the same JSON, and Python parses it back to the same bytes', async () => {
      const replies = await serverStream(client('both'), `${movies}/ListMovies`, request({ pageSize: 100 }));
      expect(replies).toHaveLength(8);
      const texts = await pythonJsonText('pyservice', 'protodesk.pyservice.v1.Movie', replies);
      expect(texts.map((text) => JSON.parse(text) as JsonValue)).toEqual(
        replies.map((bytes) => decode('protodesk.pyservice.v1.Movie', bytes)),
      );
      // MessageToJson escapes non-ASCII; "present but empty" tag_line and whole-number doubles show as Python has them.
      expect(texts[3]).toContain('"title": "\\u5343\\u3068\\u5343\\u5c0b\\u306e\\u795e\\u96a0\\u3057"');
      expect(texts[5]).toContain('"tagLine": ""');
      expect(texts[6]).toContain('"imdbRating": 8.0');
      expect(texts[7]).toContain('"runningTime": "5370.500s"');
      expect(await pythonParseAll('pyservice', 'protodesk.pyservice.v1.Movie', texts)).toEqual(replies);
    });

    test('GetMovie: one movie by id; an unknown id is NOT_FOUND', async () => {
      const reply = await unary(
        client('both'),
        `${movies}/GetMovie`,
        encode('protodesk.pyservice.v1.GetMovieRequest', { movieId: 'm-006' }),
      );
      expect(await pythonJson('pyservice', 'protodesk.pyservice.v1.Movie', [reply])).toEqual([
        {
          movieId: 'm-006',
          title: 'Casablanca',
          releaseYear: 1942,
          genre: 'GENRE_DRAMA',
          runningTime: '6120s',
          premieredAt: '1942-11-26T00:00:00Z',
          castMembers: [
            { fullName: 'Humphrey Bogart', birthYear: 1899 },
            { fullName: 'Ingrid Bergman', birthYear: 1915 },
          ],
          imdbRating: 8.5,
          tagLine: '',
        },
      ]);
      const error = await failure(
        unary(
          client('both'),
          `${movies}/GetMovie`,
          encode('protodesk.pyservice.v1.GetMovieRequest', { movieId: 'm-999' }),
        ),
      );
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.NOT_FOUND,
        details: "no movie has id 'm-999'",
      });
    });

    test('RateMovies sums up a client stream; a star count out of 1..5 is INVALID_ARGUMENT', async () => {
      const rating = (movieId: string, starCount: number): Uint8Array =>
        encode('protodesk.pyservice.v1.MovieRating', { movieId, starCount });
      const reply = await clientStream(client('both'), `${movies}/RateMovies`, [
        rating('m-001', 5),
        rating('m-001', 4),
        rating('m-003', 3),
        rating('m-999', 1),
      ]);
      expect(await pythonJson('pyservice', 'protodesk.pyservice.v1.RatingSummary', [reply])).toEqual([
        {
          ratingCount: 3,
          averageStars: 4.0,
          starsByMovie: { 'm-001': 9, 'm-003': 3 },
          unknownMovieIds: ['m-999'],
        },
      ]);
      const error = await failure(clientStream(client('both'), `${movies}/RateMovies`, [rating('m-001', 6)]));
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.INVALID_ARGUMENT,
        details: 'star_count must be 1 to 5',
      });
    });

    test('Chat answers each message before the next is sent', async () => {
      const say = (text: string, sequenceNumber: number): Uint8Array =>
        encode('protodesk.pyservice.v1.ChatMessage', { fromUser: 'ana', messageText: text, sequenceNumber });
      const replies = await pingPong(client('both'), `${movies}/Chat`, [say('hi', 10), say('ça va?', 11)]);
      expect(await pythonJson('pyservice', 'protodesk.pyservice.v1.ChatMessage', replies)).toEqual([
        { fromUser: 'movie-bot', messageText: 'ana said: hi', sequenceNumber: '1', inReplyTo: '10' },
        { fromUser: 'movie-bot', messageText: 'ana said: ça va?', sequenceNumber: '2', inReplyTo: '11' },
      ]);
    });
  });

  describe('KitchenService', () => {
    const kitchenType = 'protodesk.pyservice.v1.Kitchen';
    const receiptUrl = 'type.googleapis.com/protodesk.pyservice.hidden.v1.Receipt';

    test('Echo sends every field back as sent, and Python prints them all', async () => {
      const sent = encode(kitchenType, fullKitchen);
      const reply = await unary(client('both'), `${kitchen}/Echo`, sent);
      // Compared as JSON: NaN is not equal to itself, and Python may order map entries its own way.
      expect(decode(kitchenType, reply)).toEqual(decode(kitchenType, sent));
      const [printed] = (await pythonJson('pyservice', kitchenType, [reply])) as Record<string, JsonValue>[];
      expect(printed).toEqual(fullKitchen);
    });

    test('the same request gives the same bytes from two server processes, maps included', async () => {
      const keys = ['b', 'c', 'a', 'aa', 'B', 'm-001', 'm-003', 'zz', 'é'];
      const sent = encode(kitchenType, {
        innerByName: Object.fromEntries(keys.map((key) => [key, { innerName: key }])),
        labelById: Object.fromEntries([5, 2, 9, -1, 7, 300, 1e6].map((id) => [String(id), `#${id}`])),
      });
      const [first, second] = await Promise.all([
        unary(client('both'), `${kitchen}/Echo`, sent),
        unary(client('v1alpha'), `${kitchen}/Echo`, sent),
      ]);
      expect(Buffer.from(first).toString('hex')).toBe(Buffer.from(second).toString('hex'));
    });

    test("Python's number texts: float32 with at least 6 significant digits, exponents as e+21, -0.0, non-ASCII escaped", async () => {
      const sent = encode(kitchenType, {
        floatValue: 0.1,
        doubleValue: 1e21,
        stringValue: 'é𝄞',
        repeatedFloat: [1e-45, 3.4028234663852886e38, 16777216],
        repeatedDouble: [-0, 1e-7, 123456789012345680000],
      });
      const [text] = await pythonJsonText('pyservice', kitchenType, [
        await unary(client('both'), `${kitchen}/Echo`, sent),
      ]);
      expect(text).toBe(
        [
          '{',
          '  "floatValue": 0.1,',
          '  "doubleValue": 1e+21,',
          '  "stringValue": "\\u00e9\\ud834\\udd1e",',
          '  "repeatedFloat": [',
          '    1.4013e-45,',
          '    3.4028235e+38,',
          '    16777216.0',
          '  ],',
          '  "repeatedDouble": [',
          '    -0.0,',
          '    1e-07,',
          '    1.2345678901234568e+20',
          '  ]',
          '}',
        ].join('\n'),
      );
    });

    test('Python honours the JSON names: explicit json_name, digits and underscores', async () => {
      const reply = await unary(
        client('both'),
        `${kitchen}/Echo`,
        encode(kitchenType, { xYZ2: 1, field1A: 2, customJsonName: 'c', LeadingUnderscore: 3 }),
      );
      expect((await pythonJson('pyservice', kitchenType, [reply]))[0]).toEqual({
        xYZ2: 1,
        field1A: 2,
        customJsonName: 'c',
        LeadingUnderscore: 3,
      });
      const [proto] = await pythonJson('pyservice', kitchenType, [reply], { protoNames: true });
      expect(proto).toEqual({ x_y_z2: 1, field_1_a: 2, explicit_json: 'c', _leading_underscore: 3 });
    });

    test('emitDefaults prints fields without presence only: no optionals, oneofs or messages', async () => {
      const [printed] = (await pythonJson('pyservice', kitchenType, [new Uint8Array()], {
        emitDefaults: true,
      })) as Record<string, JsonValue>[];
      expect(printed).toMatchObject({
        int32Value: 0,
        int64Value: '0',
        floatValue: 0,
        bytesValue: '',
        genre: 'GENRE_UNSPECIFIED',
        repeatedInt32: [],
        labelById: {},
      });
      const absent = ['optionalInt32', 'choiceText', 'choiceNull', 'inner', 'timestampValue', 'int32Wrapper'];
      expect(absent.filter((key) => key in (printed as object))).toEqual([]);
    });

    test('Describe packs a Receipt from a file no service imports, a Duration, and (unless known_only) an unknown type', async () => {
      const ask = (json: JsonValue): Promise<Uint8Array> =>
        unary(client('both'), `${kitchen}/Describe`, encode('protodesk.pyservice.v1.DescribeRequest', json));
      const known = await ask({ subjectLine: 'popcorn night', knownOnly: true });
      expect(await pythonJson('pyservice', 'protodesk.pyservice.v1.Description', [known])).toEqual([
        {
          subjectLine: 'popcorn night',
          hiddenReceipt: {
            '@type': receiptUrl,
            receiptId: 'receipt-13',
            subjectLine: 'popcorn night',
            totalCents: '1225',
            lineItems: [
              { itemName: 'popcorn', unitCount: 2, priceCents: '450' },
              { itemName: 'soda', unitCount: 1, priceCents: '325' },
            ],
            favoriteGenre: 'GENRE_ANIMATION',
            issuedAt: '2024-02-29T12:00:00Z',
          },
          packedDuration: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '13.250s' },
        },
      ]);
      const all = await ask({ subjectLine: 'popcorn night' });
      const description = fromBinary(schema('protodesk.pyservice.v1.Description'), all);
      const secret = (description as unknown as { unknownSecret: Any }).unknownSecret;
      expect({ typeUrl: secret.typeUrl, value: [...secret.value] }).toEqual({
        typeUrl: 'type.googleapis.com/protodesk.unknown.Secret',
        value: [0x08, 0x96, 0x01],
      });
      await expect(pythonJson('pyservice', 'protodesk.pyservice.v1.Description', [all])).rejects.toThrow(
        /protodesk\.unknown\.Secret/,
      );
    });
  });

  describe('the JSON parse oracle', () => {
    test('Python accepts proto names and JSON names alike: {"page_size": 3} is {"pageSize": 3}', async () => {
      const expected = encode('protodesk.pyservice.v1.ListMoviesRequest', { pageSize: 3 });
      expect(
        await pythonParse('pyservice', 'protodesk.pyservice.v1.ListMoviesRequest', '{"page_size": 3}'),
      ).toEqual(expected);
      expect(
        await pythonParse('pyservice', 'protodesk.pyservice.v1.ListMoviesRequest', '{"pageSize": 3}'),
      ).toEqual(expected);
    });

    test('Python reads the JSON number -0 as the integer 0: positive zero; -0.0 and "-0" keep the sign', async () => {
      const parsed = await pythonParseAll('pyservice', 'protodesk.pyservice.v1.Kitchen', [
        '{"doubleValue": -0}',
        '{"doubleValue": -0.0}',
        '{"doubleValue": "-0"}',
      ]);
      const negativeZero = encode('protodesk.pyservice.v1.Kitchen', { doubleValue: -0 });
      expect([...negativeZero]).toEqual([0x61, 0, 0, 0, 0, 0, 0, 0, 0x80]);
      expect(parsed).toEqual([new Uint8Array(), negativeZero, negativeZero]);
    });

    test('an unknown field is refused, unless ignored', async () => {
      await expect(
        pythonParse('pyservice', 'protodesk.pyservice.v1.ListMoviesRequest', '{"": 3}'),
      ).rejects.toThrow(/ParseError: .*has no field named ""/);
      expect(
        await pythonParse('pyservice', 'protodesk.pyservice.v1.ListMoviesRequest', '{"": 3}', {
          ignoreUnknownFields: true,
        }),
      ).toEqual(new Uint8Array());
    });
  });

  describe('reflection', () => {
    const target = (to: keyof typeof port): string => `127.0.0.1:${port[to]}`;
    const reflect = (to: keyof typeof port): Promise<ReflectedSchema> =>
      reflectSchema({ target: target(to), tls: { mode: 'plaintext' } });
    const pyserviceFiles = [
      'pyservice/v1/common.proto',
      'pyservice/v1/kitchen.proto',
      'pyservice/v1/movies.proto',
    ];

    test('v1 and v1alpha: the services, health and both reflection services; no json_name but the explicit one', async () => {
      const reflected = await reflect('both');
      expect(reflected.protocol).toBe('v1');
      expect(reflected.services).toEqual([
        'grpc.health.v1.Health',
        'grpc.reflection.v1.ServerReflection',
        'grpc.reflection.v1alpha.ServerReflection',
        'protodesk.pyservice.v1.KitchenService',
        'protodesk.pyservice.v1.MovieService',
      ]);
      const byName = new Map(reflected.files.map((file) => [file.name, file]));
      expect([...byName.keys()].filter((name) => name.startsWith('pyservice/')).sort()).toEqual(
        pyserviceFiles,
      );
      for (const name of pyserviceFiles) {
        const served = byName.get(name) as FileDescriptorProto;
        const compiled = protocFiles.get(name) as FileDescriptorProto;
        // protoc fills in every json_name; Python's generator embeds only the explicit ones, and reflection sends those.
        expect(jsonNames(compiled).every(([, json]) => json !== undefined)).toBe(true);
        expect(jsonNames(served).filter(([, json]) => json !== undefined)).toEqual(
          name === 'pyservice/v1/kitchen.proto'
            ? [['protodesk.pyservice.v1.Kitchen.explicit_json', 'customJsonName']]
            : [],
        );
        // Apart from json_name, Python serves exactly what protoc compiled.
        expect(toJson(FileDescriptorProtoSchema, withoutJsonNames(served))).toEqual(
          toJson(FileDescriptorProtoSchema, withoutJsonNames(compiled)),
        );
      }
      expect(byName.has('pyservice/hidden/v1/receipt.proto')).toBe(false);
    });

    test('file_containing_symbol finds the Receipt no service imports, because the server loaded its module', async () => {
      const grpc = client('both');
      const stream = new ReflectionStream(
        grpc,
        '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
        new Metadata(),
        new Date(Date.now() + 10_000),
      );
      try {
        const answer = await stream.request({
          kind: 'fileContainingSymbol',
          symbol: 'protodesk.pyservice.hidden.v1.Receipt',
        });
        if (answer.kind !== 'files') throw new Error(`reflection answered ${answer.kind}`);
        const files = answer.files.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
        expect(files.map((file) => file.name).sort()).toEqual([
          'google/protobuf/timestamp.proto',
          'pyservice/hidden/v1/receipt.proto',
          'pyservice/v1/common.proto',
        ]);
        const receipt = files.find(
          (file) => file.name === 'pyservice/hidden/v1/receipt.proto',
        ) as FileDescriptorProto;
        expect(jsonNames(receipt).map(([field, json]) => [field.split('.').pop(), json])).toEqual(
          [
            'receipt_id',
            'subject_line',
            'total_cents',
            'line_items',
            'favorite_genre',
            'issued_at',
            'item_name',
            'unit_count',
            'price_cents',
          ].map((f) => [f, undefined]),
        );
        const unknown = await stream.request({
          kind: 'fileContainingSymbol',
          symbol: 'protodesk.unknown.Secret',
        });
        expect(unknown).toMatchObject({ kind: 'error', code: status.NOT_FOUND });
      } finally {
        stream.close();
      }
    });

    test('v1alpha only: the engine falls back to it; v1 is UNIMPLEMENTED', async () => {
      const reflected = await reflect('v1alpha');
      expect(reflected.protocol).toBe('v1alpha');
      expect(reflected.services).toEqual([
        'grpc.health.v1.Health',
        'grpc.reflection.v1alpha.ServerReflection',
        'protodesk.pyservice.v1.KitchenService',
        'protodesk.pyservice.v1.MovieService',
      ]);
      const error = await failure(
        bidi(client('v1alpha'), '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', [
          new Uint8Array([0x3a, 0x01, 0x2a]),
        ]),
      );
      expect(error.code).toBe(status.UNIMPLEMENTED);
    });
  });

  describe.each(['editions2023', 'editions2024'] as const)('%s', (edition) => {
    const service = `/protodesk.${edition}.${edition === 'editions2023' ? 'Editions2023Service' : 'Editions2024Service'}`;
    const field = edition === 'editions2023' ? 'item' : 'task';
    const requestType = `protodesk.${edition}.Request`;
    const replyType = `protodesk.${edition}.Reply`;
    const payload = (id: string): JsonValue => ({
      id,
      ...(edition === 'editions2023'
        ? { count: 0, packedValues: [1, 2] }
        : { attempts: 0, packedDeltas: ['-1', '2'] }),
    });
    const request = (id: string, repeat = 0): Uint8Array =>
      encode(requestType, { [field]: payload(id), repeat });

    test('reflection serves the edition file, without json_name', async () => {
      const reflected = await reflectSchema({
        target: `127.0.0.1:${port[edition]}`,
        tls: { mode: 'plaintext' },
      });
      const file = reflected.files.find((f) => f.name === `editions/${edition}.proto`) as FileDescriptorProto;
      expect(file.syntax).toBe('editions');
      // Only the explicit json_name options survive (as many as the .proto has), with protoc's values.
      const explicit =
        readFileSync(`${pyProtoRoot}/editions/${edition}.proto`, 'utf8').match(/\bjson_name\s*=/g) ?? [];
      const served = jsonNames(file).filter(([, json]) => json !== undefined);
      expect(served).toHaveLength(explicit.length);
      const compiled = new Map(jsonNames(protocFiles.get(file.name) as FileDescriptorProto));
      for (const [name, json] of served) expect(json).toBe(compiled.get(name));
      // Apart from json_name, Python serves what protoc compiled, except that it drops `import option` dependencies.
      const protocFile = withoutJsonNames(protocFiles.get(file.name) as FileDescriptorProto);
      expect(file.optionDependency).toEqual([]);
      expect(protocFile.optionDependency).toHaveLength(edition === 'editions2024' ? 3 : 0);
      protocFile.optionDependency = [];
      expect(toJson(FileDescriptorProtoSchema, withoutJsonNames(file))).toEqual(
        toJson(FileDescriptorProtoSchema, protocFile),
      );
      expect(reflected.services).toContain(service.slice(1));
    });

    test('Unary, ServerStream, ClientStream and Bidi build replies from requests', async () => {
      const grpc = client(edition);
      const print = (replies: Uint8Array[]): Promise<JsonValue[]> => pythonJson(edition, replyType, replies);
      // index has explicit presence in editions: set to 0, it is printed.
      expect(await print([await unary(grpc, `${service}/Unary`, request('u', 2))])).toEqual([
        { [field]: payload('u'), index: 0 },
      ]);
      expect(await print(await serverStream(grpc, `${service}/ServerStream`, request('s', 3)))).toEqual([
        { [field]: payload('s'), index: 0 },
        { [field]: payload('s'), index: 1 },
        { [field]: payload('s'), index: 2 },
      ]);
      expect(
        await print([await clientStream(grpc, `${service}/ClientStream`, [request('a'), request('b')])]),
      ).toEqual([
        {
          [field]: {
            ...(payload('b') as object),
            ...(edition === 'editions2023'
              ? { packedValues: [1, 2, 1, 2] }
              : { packedDeltas: ['-1', '2', '-1', '2'] }),
          },
          index: 2,
        },
      ]);
      expect(await print(await bidi(grpc, `${service}/Bidi`, [request('x'), request('y')]))).toEqual([
        { [field]: payload('x'), index: 0 },
        { [field]: payload('y'), index: 1 },
      ]);
    });
  });

  test.each(['editions2023', 'editions2024'] as const)(
    '%s: Python parses a request missing the LEGACY_REQUIRED id, but will not send it back',
    async (edition) => {
      const service = edition === 'editions2023' ? 'Editions2023Service' : 'Editions2024Service';
      // Request { item/task (1): { field 3: 1 } }: no id (field 1). @bufbuild/protobuf would refuse to encode it.
      const request = new Uint8Array([0x0a, 0x02, 0x18, 0x01]);
      const error = await failure(unary(client(edition), `/protodesk.${edition}.${service}/Unary`, request));
      expect({ code: error.code, details: error.details }).toEqual({
        code: status.INTERNAL,
        details: 'Failed to serialize response!',
      });
    },
  );

  test('TLS: the fixture CA verifies the peer as 127.0.0.1; mutual TLS wants the client certificate', async () => {
    const request = encode('protodesk.pyservice.v1.GetMovieRequest', { movieId: 'm-002' });
    const title = (reply: Uint8Array): unknown =>
      (decode('protodesk.pyservice.v1.Movie', reply) as { title: string }).title;
    expect(title(await unary(client('tls'), `${movies}/GetMovie`, request))).toBe('Modern Times');
    expect(title(await unary(client('mutual'), `${movies}/GetMovie`, request))).toBe('Modern Times');
    const plaintext = await failure(
      unary(connect(port.tls, credentials.createInsecure()), `${movies}/GetMovie`, request),
    );
    expect(plaintext.code).toBe(status.UNAVAILABLE);
    const anonymous = await failure(
      unary(connect(port.mutual, credentials.createSsl(ca)), `${movies}/GetMovie`, request),
    );
    expect(anonymous.code).toBe(status.UNAVAILABLE);
  });

  test('health: the server and each service are SERVING', async () => {
    for (const name of ['', 'protodesk.pyservice.v1.MovieService']) {
      // HealthCheckRequest { string service = 1 }
      const request = new BinaryWriter().tag(1, WireType.LengthDelimited).string(name).finish();
      const reply = await unary(client('both'), '/grpc.health.v1.Health/Check', request);
      expect([...reply]).toEqual([0x08, 0x01]);
    }
  });

  test('a missing Python fails with what to do, never skips', async () => {
    await expect(startPyServer({ schema: 'pyservice', python: '/nonexistent/python3' })).rejects.toThrow(
      /install-peers\.sh/,
    );
  });
});
