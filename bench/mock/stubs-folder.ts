import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedAnswerJson } from './fixed-answer';

/** What ghz sends: no rule but the last matches it, so every call tries all 100. */
export const benchRequest = { responseSize: 100, fillUsername: true };

/** A stub file for UnaryCall: `count` - 1 rules that miss `benchRequest` (another responseSize), then one that answers. */
function stubWithRules(count: number): object {
  const misses = Array.from({ length: count - 1 }, (_, i) => ({
    match: { body: { responseSize: i + 1 } },
    respond: { body: { username: `miss ${i + 1}` } },
  }));
  return {
    format: 1,
    method: 'grpc.testing.TestService/UnaryCall',
    rules: [...misses, { respond: { body: fixedAnswerJson } }],
  };
}

/** Writes a stubs folder holding one UnaryCall stub with `count` rules. */
export async function stubsFolder(count: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-bench-mock-'));
  await mkdir(join(dir, 'grpc.testing.TestService'));
  await writeFile(
    join(dir, 'grpc.testing.TestService', 'UnaryCall.json'),
    JSON.stringify(stubWithRules(count), null, 2),
  );
  return dir;
}
