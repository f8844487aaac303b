import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../../scripts/electronegativity.mjs', import.meta.url));
const answersFile = fileURLToPath(new URL('../../security/electronegativity-answers.json', import.meta.url));

interface Answer {
  check: string;
  file: string;
  reason: string;
}

/** Runs scripts/electronegativity.mjs (optionally against another answers file): its exit code and output. */
async function scan(answers?: string): Promise<{ code: number; output: string }> {
  const args = [script, ...(answers ? ['--answers', answers] : [])];
  try {
    const { stdout } = await run(process.execPath, args, { timeout: 50_000 });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'protodesk-electronegativity-answers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('electronegativity', () => {
  it('finds no HIGH or MEDIUM problem in the app that is not answered', async () => {
    const { code, output } = await scan();
    expect(output, output).toContain('Every HIGH and MEDIUM finding is answered.');
    expect(code, output).toBe(0);
    // The scan really ran over the shell: the window's security settings were read (and found complete).
    expect(output).toContain('src/main/window.ts');
    expect(output).not.toMatch(/CONTEXT_ISOLATION|SANDBOX_JS|NODE_INTEGRATION|REMOTE_MODULE|WEB_SECURITY/);
  });

  it('fails on a finding nobody answered, naming it', async () => {
    const answers: Answer[] = JSON.parse(await readFile(answersFile, 'utf8'));
    const file = join(dir, 'without-auxclick.json');
    await writeFile(file, JSON.stringify(answers.filter((answer) => answer.check !== 'AUXCLICK_JS_CHECK')));
    const { code, output } = await scan(file);
    expect(code, output).toBe(1);
    expect(output).toContain('Unanswered MEDIUM finding AUXCLICK_JS_CHECK src/main/window.ts');
  });

  it('fails on an answer that matches no finding any more, so answers do not go stale', async () => {
    const answers: Answer[] = JSON.parse(await readFile(answersFile, 'utf8'));
    const stale = { check: 'CONTEXT_ISOLATION_JS_CHECK', file: 'src/main/window.ts', reason: 'Once needed.' };
    const file = join(dir, 'stale.json');
    await writeFile(file, JSON.stringify([...answers, stale]));
    const { code, output } = await scan(file);
    expect(code, output).toBe(1);
    expect(output).toContain('Stale answer CONTEXT_ISOLATION_JS_CHECK src/main/window.ts');
  });
});
