import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cases, requestMethod, type BadInputCase } from '../fixtures/bad-inputs/cases';
import { protodesk } from '../cli/input-hints/harness';
import { makeTestPki, type TestPki } from '../helpers/certs';
import { deadPort } from '../helpers/misbehaving-server';
import { caseFolder, diskState, expectedPattern, tlsFiles, type CaseFolder } from './case-folder';

// The corpus through the built `protodesk` executable: each case's exit code and its message on stderr as the table
// says, no stack trace or Node error, no decoy content quoted, and the case's folder exactly as it was.
describe('the bad-input corpus through the CLI', () => {
  let pki: TestPki;
  let target: string;
  const folders: string[] = [];

  beforeAll(async () => {
    [pki, target] = await Promise.all([makeTestPki(), deadPort().then((port) => `127.0.0.1:${port}`)]);
  });
  afterAll(async () => {
    await pki?.remove();
    await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** The command line that gives the case's file to the CLI. */
  function argsOf(testCase: BadInputCase, folder: CaseFolder): string[] {
    const call = ['call', target, requestMethod, '--proto', folder.schema];
    switch (testCase.group) {
      case 'proto':
        return ['list', '--proto', folder.file, '-I', folder.dir];
      case 'descriptorSet':
        return ['list', '--protoset', folder.file];
      case 'request':
        return [...call, '--plaintext', '-d', `@${folder.file}`];
      case 'tls': {
        const files = tlsFiles(testCase, folder);
        return [...call, '--cacert', files.ca, '--cert', files.cert, '--key', files.key];
      }
    }
  }

  /**
   * What the CLI prints for the case's failure: the table's message, laid out for a terminal. A schema problem leads
   * with `file:line:column`; a request problem says which request and file it is in, and where (the CLI may be given
   * several requests, the page has one editor); a hint goes on an indented line of its own.
   */
  function stderrOf(testCase: BadInputCase, folder: CaseFolder): RegExp {
    const { location, message, hint } = testCase.expected ?? { message: '' };
    const hintLine = hint ? `  ${hint}\n` : '';
    if (testCase.group !== 'request') {
      return expectedPattern(`protodesk: ${location ? `${location}: ` : ''}${message}\n${hintLine}`, folder);
    }
    const [line, column] = location?.split(':') ?? [];
    const where = location ? `, line ${line}, column ${column}` : '';
    return expectedPattern(`protodesk: request 1 in {file}${where}: ${message}\n${hintLine}`, folder);
  }

  /** Exit codes as `protodesk call --help` lists them: 1 for a schema that does not load, 2 for usage and files. */
  const exitCode = (testCase: BadInputCase): number =>
    testCase.group === 'proto' || testCase.group === 'descriptorSet' ? 1 : 2;

  test.each(cases.map((c) => [c.group, c.name, c] as const))('%s: %s', async (_group, _name, testCase) => {
    const folder = await caseFolder(testCase, pki);
    folders.push(folder.dir);
    const before = await diskState(folder.dir);
    const result = await protodesk(argsOf(testCase, folder));
    expect(await diskState(folder.dir)).toEqual(before);
    if (testCase.loads) {
      expect(result).toEqual({ code: 0, out: testCase.loads.map((name) => `${name}\n`).join(''), err: '' });
      return;
    }
    expect(result.err).toMatch(stderrOf(testCase, folder));
    expect(result.code).toBe(exitCode(testCase));
    expect(result.out).toBe('');
    expect(result.err).not.toMatch(/^\s+at |\bError:|node:internal/m);
    if (testCase.decoy) expect(result.err).not.toContain(testCase.decoy);
  });
});
