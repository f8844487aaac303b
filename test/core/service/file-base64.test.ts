// "Insert file as base64": the engine reads only a file the user picked (in the app: in the native dialog), answers
// its name, size and base64, and refuses what the editor could not hold with the limit and what to do.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EngineService } from '../../../src/core/service';
import type { ProtodeskService } from '../../../src/shared/api/contract';
import { maxBytesFileSize } from '../../../src/shared/api/types';
import { dispatchedApi, failureOf } from '../../main/node12/dispatched-api';
import { freshDataDir } from './service-harness';

let home: string;
let dataDir: string;
let service: EngineService;
let api: ProtodeskService;
/** What the user picks in the next "Insert a file as base64" dialog. */
let picked: string[];

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'protodesk-base64-'));
  dataDir = freshDataDir();
  picked = [];
  service = new EngineService({
    transport: 'electron',
    version: '0.0.0-test',
    dataDir,
    choosePaths: (purpose) => Promise.resolve(purpose === 'bytesFile' ? picked : []),
    fileAccess: 'granted',
  });
  api = dispatchedApi(service.connect(() => undefined).api);
});
afterEach(async () => {
  await service.close();
  await Promise.all([home, dataDir].map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The user picks `path` in the dialog, and the page asks for it. */
async function pickAndRead(path: string) {
  picked = [path];
  expect(await api.files.choosePaths({ purpose: 'bytesFile' })).toEqual([path]);
  return api.files.readBase64({ path });
}

describe('readFileBase64', () => {
  test('a picked file comes back as its name, size and base64', async () => {
    const bytes = randomBytes(70_000);
    const file = join(home, 'photo.jpg');
    await writeFile(file, bytes);
    expect(await pickAndRead(file)).toEqual({
      name: 'photo.jpg',
      size: 70_000,
      base64: bytes.toString('base64'),
    });
  });

  test('a file the user did not pick is refused, naming the dialog', async () => {
    const file = join(home, '.env');
    await writeFile(file, 'TOKEN=secret\n');
    const failure = await failureOf(api.files.readBase64({ path: file }));
    expect(failure.kind).toBe('forbidden');
    expect(failure.message).toContain('Protodesk reads only files you chose');
  });

  test('exactly the limit is read; one byte more is refused with the limit and what to do', async () => {
    const atLimit = join(home, 'at-limit.bin');
    await writeFile(atLimit, '');
    await truncate(atLimit, maxBytesFileSize);
    expect((await pickAndRead(atLimit)).size).toBe(maxBytesFileSize);

    const over = join(home, 'over.bin');
    await writeFile(over, '');
    await truncate(over, maxBytesFileSize + 1);
    picked = [over];
    await api.files.choosePaths({ purpose: 'bytesFile' });
    const failure = await failureOf(api.files.readBase64({ path: over }));
    expect(failure).toMatchObject({
      kind: 'file',
      message:
        'over.bin is 10.0 MiB: Protodesk inserts files of up to 10 MiB as base64, so the request editor stays responsive.',
      hint: 'Choose a smaller file, or send this one with grpcurl or a script (-d @request.json).',
    });
  });

  test('a folder or a file gone since it was picked says so', async () => {
    const folder = join(home, 'photos');
    await mkdir(folder);
    picked = [folder];
    await api.files.choosePaths({ purpose: 'bytesFile' });
    expect(await failureOf(api.files.readBase64({ path: folder }))).toMatchObject({
      message: `${folder} is a folder, not a file.`,
      hint: 'Pick a file inside it.',
    });

    const gone = join(home, 'gone.bin');
    await writeFile(gone, 'x');
    picked = [gone];
    await api.files.choosePaths({ purpose: 'bytesFile' });
    await rm(gone);
    expect(await failureOf(api.files.readBase64({ path: gone }))).toMatchObject({
      message: `The file ${gone} does not exist.`,
    });
  });
});
