import { afterAll, beforeAll, describe } from 'vitest';
import { fullKitchen } from '../peers/py-grpc-support';
import { pyProtoRoot, pySchemaFiles } from '../../peers/py-grpc/schemas';
import { startPyServer, type PyServer } from '../../peers/py-grpc/server';
import { serverMatrix, type MatrixCall } from './matrix';
import { pythonOracle } from './oracles';

const bundled = new URL('../../../src/core/schema/bundled/protos/', import.meta.url).pathname;
const movies = 'protodesk.pyservice.v1.MovieService';
const kitchen = 'protodesk.pyservice.v1.KitchenService';

const calls: MatrixCall[] = [
  // The example: proto names in, and every movie printed with JSON names.
  { method: `${movies}/ListMovies`, requests: [{ page_size: 3 }], what: 'server stream, proto names in' },
  {
    method: `${movies}/ListMovies`,
    requests: [{ pageSize: 2, genreFilter: 'GENRE_DRAMA' }],
    what: 'server stream',
  },
  { method: `${movies}/GetMovie`, requests: [{ movieId: 'm-002' }], what: 'unary' },
  {
    method: `${movies}/GetMovie`,
    requests: [{ movie_id: 'm-003' }],
    options: { emitDefaults: true },
    what: 'unary, defaults',
  },
  {
    method: `${movies}/GetMovie`,
    requests: [{ movieId: 'm-004' }],
    options: { protoNames: true },
    what: 'unary, proto names out',
  },
  {
    method: `${movies}/RateMovies`,
    requests: [
      { movieId: 'm-001', starCount: 5 },
      { movie_id: 'm-001', star_count: 2 },
      { movieId: 'm-404', starCount: 3 },
    ],
    what: 'client stream',
  },
  {
    method: `${movies}/Chat`,
    requests: [
      { fromUser: 'ada', messageText: 'hello', sequenceNumber: 1 },
      { from_user: 'ada', message_text: 'ça va ?', sequence_number: '2' },
    ],
    what: 'bidi',
  },
  { method: `${kitchen}/Echo`, requests: [fullKitchen], what: 'every field kind' },
  {
    method: `${kitchen}/Echo`,
    requests: [{}],
    options: { emitDefaults: true },
    what: 'every field kind, defaults',
  },
];

const reflections = [
  { reflection: 'both', what: 'reflection v1' },
  { reflection: 'v1alpha', what: 'reflection v1alpha only' },
] as const;

// grpcio's reflection serves the descriptors protoc's Python generator embeds: json_name only where a .proto sets it.
describe.each(reflections)('Python grpcio, own service, $what', ({ reflection }) => {
  let server: PyServer;
  beforeAll(async () => {
    server = await startPyServer({ schema: 'pyservice', reflection });
  });
  afterAll(() => server?.stop());

  serverMatrix(
    {
      protos: { files: pySchemaFiles.pyservice, importPaths: [pyProtoRoot, bundled] },
      services: [movies, kitchen],
      oracle: pythonOracle('pyservice'),
      calls,
    },
    () => ({ target: `127.0.0.1:${server.port}`, tls: { mode: 'plaintext' }, cliFlags: ['--plaintext'] }),
  );
});
