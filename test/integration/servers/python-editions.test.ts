import type { JsonObject } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe } from 'vitest';
import { pyProtoRoot, pySchemaFiles } from '../../peers/py-grpc/schemas';
import { startPyServer, type PyServer } from '../../peers/py-grpc/server';
import { serverMatrix, type MatrixCall } from './matrix';
import { pythonOracle } from './oracles';

const bundled = new URL('../../../src/core/schema/bundled/protos/', import.meta.url).pathname;

/** Explicit presence (a set zero prints), implicit, LEGACY_REQUIRED, closed enums, DELIMITED, packed and expanded, maps. */
const item2023: JsonObject = {
  id: 'i-1',
  count: 0,
  implicitCount: 0,
  rawText: 'raw',
  payload: 'AAE=',
  ratio: 0.5,
  color: 'COLOR_GREEN',
  level: 'LEVEL_LOW',
  packedValues: [1, 2, 300],
  expandedValues: [4, 5],
  levels: ['LEVEL_HIGH', 'LEVEL_LOW'],
  detail: { note: 'n', size: '0', level: 'LEVEL_HIGHEST' },
  delimitedDetail: { note: 'delimited' },
  details: [{ note: 'a' }, { size: '7' }],
  counts: { a: 1 },
  detailsByName: { x: { note: 'x' } },
  colors: { 3: 'COLOR_RED' },
  rawLabels: { k: 'v' },
  displayName2: 'shown',
  number: '-9007199254740993',
};

const task2024: JsonObject = {
  id: 't-1',
  title: 'title',
  attempts: 0,
  implicitAttempts: 2,
  blob: '',
  rawNote: 'note',
  status: 'STATUS_ACTIVE',
  priority: 'PRIORITY_LOW',
  packedDeltas: ['-1', '2'],
  expandedMarks: [7, 8],
  firstStep: { name: 'first', weight: 0.25 },
  steps: [{ name: 's' }],
  stepsByName: { s: { weight: 1 } },
  statusById: { '-1': 'STATUS_RETIRED' },
  scratch: { memo: '' },
  port: 8080,
};

const calls = (pkg: string, service: string, field: string, value: JsonObject): MatrixCall[] => {
  const method = (name: string) => `${pkg}.${service}/${name}`;
  return [
    { method: method('Unary'), requests: [{ [field]: value }], what: 'unary' },
    {
      method: method('Unary'),
      requests: [{ [field]: { id: 'x' } }],
      options: { emitDefaults: true },
      what: 'unary, defaults',
    },
    { method: method('ServerStream'), requests: [{ [field]: value, repeat: 3 }], what: 'server stream' },
    {
      method: method('ClientStream'),
      requests: [{ [field]: value }, { [field]: { id: 'y' } }],
      what: 'client stream',
    },
    {
      method: method('Bidi'),
      requests: [{ [field]: value }, { [field]: { id: 'z' } }],
      what: 'bidi',
    },
  ];
};

const editions = [
  {
    schema: 'editions2023' as const,
    service: 'protodesk.editions2023.Editions2023Service',
    calls: calls('protodesk.editions2023', 'Editions2023Service', 'item', item2023),
  },
  {
    schema: 'editions2024' as const,
    service: 'protodesk.editions2024.Editions2024Service',
    calls: calls('protodesk.editions2024', 'Editions2024Service', 'task', task2024),
  },
];

// Python grpcio generated from editions files: reflection serves `syntax = "editions"` descriptors with features.
describe.each(editions)('Python grpcio on $schema', ({ schema, service, calls }) => {
  let server: PyServer;
  beforeAll(async () => {
    server = await startPyServer({ schema });
  });
  afterAll(() => server?.stop());

  serverMatrix(
    {
      protos: { files: pySchemaFiles[schema], importPaths: [pyProtoRoot, bundled] },
      services: [service],
      oracle: pythonOracle(schema),
      calls,
    },
    () => ({ target: `127.0.0.1:${server.port}`, tls: { mode: 'plaintext' }, cliFlags: ['--plaintext'] }),
  );
});
