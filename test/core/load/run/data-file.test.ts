import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFileError, maxDataRows, readDataFile } from '../../../../src/core/load/run/data-file';
import { dataFile } from './load-helpers';

const rows = async (name: string, text: string): Promise<Record<string, string>[]> =>
  (await readDataFile(await dataFile(name, text))).map((row) => Object.fromEntries(row));

const failure = async (name: string, text: string): Promise<string> => {
  const path = await dataFile(name, text);
  const error = await readDataFile(path).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(DataFileError);
  return (error as Error).message.replace(path, 'FILE');
};

describe('readDataFile', () => {
  it('reads JSON Lines: strings, numbers and booleans as text, blank lines skipped', async () => {
    expect(
      await rows('a.jsonl', '{"id": 7, "name": "Ada", "vip": true}\n\n{"id": 8.5, "name": ""}\r\n'),
    ).toEqual([
      { id: '7', name: 'Ada', vip: 'true' },
      { id: '8.5', name: '' },
    ]);
    expect(await rows('a.ndjson', '{"x": "y"}')).toEqual([{ x: 'y' }]);
  });

  it('reads CSV per RFC 4180: quoted fields with commas, quotes and line breaks, CRLF, a BOM', async () => {
    const text = '\ufeffid,note\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"two\nlines"\r\n4,\r\n';
    expect(await rows('a.csv', text)).toEqual([
      { id: '1', note: 'a, b' },
      { id: '2', note: 'say "hi"' },
      { id: '3', note: 'two\nlines' },
      { id: '4', note: '' },
    ]);
  });

  it('names the file, the line and what is wrong', async () => {
    expect(await failure('a.jsonl', '{"a": 1}\n[1, 2]\n')).toMatch(
      /^FILE:2: the line is an array, not an object\./,
    );
    expect(await failure('a.jsonl', '{"a": 1}\n{"a": \n')).toMatch(/^FILE:2: the line is not JSON \(/);
    expect(await failure('a.jsonl', '{"a": {"b": 1}}\n')).toMatch(
      /^FILE:1: "a" is an object; variables take strings, numbers or booleans\./,
    );
    expect(await failure('a.csv', 'a,b\n1,2\n3\n')).toMatch(/^FILE:3: the row has 1 field, the header 2\./);
    expect(await failure('a.csv', 'a,a\n1,2\n')).toMatch(/^FILE:1: the header names "a" twice\./);
    expect(await failure('a.csv', 'a,b\n1,"2\n')).toMatch(/^FILE:2: a quoted field is never closed\./);
    expect(await failure('a.csv', 'a\n"x"y\n')).toMatch(/^FILE:2: text after a closing quote\./);
    expect(await failure('a.csv', 'a\nx"y"\n')).toMatch(/^FILE:2: a quote inside an unquoted field\./);
    expect(await failure('a.csv', 'a,b\n')).toMatch(/^The data file FILE has no rows\./);
    expect(await failure('a.txt', 'a\n1\n')).toMatch(
      /is neither JSON Lines nor CSV \(its name ends in "\.txt"\)/,
    );
  });

  it('refuses a missing file, a folder, and more rows than it may hold', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'protodesk-load-'));
    await expect(readDataFile(join(folder, 'none.csv'))).rejects.toThrow(/there is no such file/);
    await mkdir(join(folder, 'rows.csv'));
    await expect(readDataFile(join(folder, 'rows.csv'))).rejects.toThrow(/is a folder, not a file/);
    const big = join(folder, 'big.csv');
    await writeFile(big, `n\n${'1\n'.repeat(maxDataRows + 1)}`);
    await expect(readDataFile(big)).rejects.toThrow(/at most 100,000 rows and 64 MiB/);
  });
});
