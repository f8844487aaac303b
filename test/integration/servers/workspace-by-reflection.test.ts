import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAndCollect } from '../../helpers/collect-call';
import { CallEngine } from '../../../src/core/call/engine';
import { loadSchema } from '../../../src/core/schema/load';
import { formatGrpcurlCommand } from '../../../src/core/workspace/grpcurl/format-command';
import type { RunReport } from '../../../src/core/service/run/run-report';
import type { CallRequest } from '../../../src/shared/call';
import { cli } from '../../cli/call-harness';
import { runWithGrpcurl } from '../../helpers/grpcurl';
import { startPyServer, type PyServer } from '../../peers/py-grpc/server';

const movies = 'protodesk.pyservice.v1.MovieService';

// Captures, JSON paths, assertions and grpcurl export on a schema whose descriptors have no json_name (Python's).
describe('a saved workspace against a Python server by reflection', () => {
  let server: PyServer;
  let dir: string;
  let dataDir: string;
  let target: string;
  beforeAll(async () => {
    server = await startPyServer({ schema: 'pyservice' });
    target = `127.0.0.1:${server.port}`;
    dir = await mkdtemp(join(tmpdir(), 'protodesk-ws-'));
    dataDir = await mkdtemp(join(tmpdir(), 'protodesk-data-'));
    process.env.PROTODESK_DATA_DIR = dataDir;
    const write = async (path: string, json: object) => {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), `${JSON.stringify({ format: 1, ...json }, null, 2)}\n`);
    };
    await write('protodesk.json', { sources: [{ kind: 'reflection', target, tls: { mode: 'plaintext' } }] });
    await write('collections/movies/1 Get.json', {
      method: `${movies}/GetMovie`,
      target,
      metadata: [],
      body: { movie_id: 'm-002' },
      captures: [
        { variable: 'title', from: 'body', path: '$.title' },
        { variable: 'actor', from: 'body', path: '$.castMembers[0].fullName' },
      ],
      assertions: { status: 'OK', contains: { releaseYear: 1936, genre: 'GENRE_COMEDY' } },
    });
    await write('collections/movies/2 Chat.json', {
      method: `${movies}/Chat`,
      target,
      metadata: [],
      body: { fromUser: '{{actor}}', messageText: 'I like {{title}}' },
      assertions: {
        status: 'OK',
        contains: { fromUser: 'movie-bot', messageText: 'Charlie Chaplin said: I like Modern Times' },
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([dir, dataDir].map((d) => d && rm(d, { recursive: true, force: true })));
  });

  test('protodesk run: JSON-name paths capture, and subset assertions hold', async () => {
    const { code, out } = await cli(['run', dir, '--reporter', 'json']);
    const report = JSON.parse(out) as RunReport;
    expect(report.results.map((r) => [r.name, r.passed])).toEqual([
      ['1 Get', true],
      ['2 Chat', true],
    ]);
    expect(code).toBe(0);
  });

  // grpcurl 1.9.4 does not derive JSON names for such descriptors: it prints proto names (movie_id) where the server's
  // own json_format prints movieId. So its output is compared with Protodesk's --proto-names output.
  test('Copy as grpcurl: the real grpcurl runs the command and gets the same message', async () => {
    const request: CallRequest = {
      target,
      tls: { mode: 'plaintext' },
      method: `${movies}/GetMovie`,
      metadata: [],
      requests: ['{"movieId": "m-003"}'],
      options: { protoFieldNames: true },
    };
    const engine = new CallEngine();
    const schema = await loadSchema({ kind: 'reflection', target, tls: { mode: 'plaintext' } });
    const ours = await callAndCollect(engine, schema, request);
    engine.close();
    const grpcurl = await runWithGrpcurl(formatGrpcurlCommand({ request }));
    expect(grpcurl.stderr).toBe('');
    expect(JSON.parse(grpcurl.stdout)).toEqual(JSON.parse(ours.messages[0]!));
  });
});
