import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedAnswerJson } from './fixed-answer';

/** What ghz sends: no rule but the last matches it, so every call tries all 100. */
export const benchRequest = { responseSize: 100, fillUsername: true };

/**
 * A stub file for UnaryCall: `count` - 1 rules that miss `benchRequest` (another responseSize), then one that answers
 * `answer` (a static body: no template); with a count of 1, that rule alone.
 */
function stubWithRules(count: number, answer: object): object {
  const misses = Array.from({ length: count - 1 }, (_, i) => ({
    match: { body: { responseSize: i + 1 } },
    respond: { body: { username: `miss ${i + 1}` } },
  }));
  return {
    format: 1,
    method: 'grpc.testing.TestService/UnaryCall',
    rules: [...misses, { respond: { body: answer } }],
  };
}

/** Writes a stubs folder holding one UnaryCall stub with `count` rules, the last answering `answer`. */
export async function stubsFolder(count: number, answer: object = fixedAnswerJson): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-bench-mock-'));
  await mkdir(join(dir, 'grpc.testing.TestService'));
  await writeFile(
    join(dir, 'grpc.testing.TestService', 'UnaryCall.json'),
    JSON.stringify(stubWithRules(count, answer), null, 2),
  );
  return dir;
}
