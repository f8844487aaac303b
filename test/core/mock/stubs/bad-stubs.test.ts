import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadStubs } from '../../../../src/core/mock/stubs';
import type { Schema } from '../../../../src/core/schema/schema';
import type { MockProblem } from '../../../../src/shared/mock';
import { zooCall, zooSchema } from '../mock-call';
import { stubFolder, stubHandler } from './stub-folder';

let schema: Schema;
const dirs: string[] = [];
beforeAll(async () => {
  schema = await zooSchema();
});
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The problems of one stub file written as `lines`, and the rules that survived. */
async function problemsOf(lines: string[], file = 'mock.zoo.Zoo/GetAnimal.json') {
  const dir = await stubFolder({ [file]: lines.join('\n') });
  dirs.push(dir);
  const loaded = await loadStubs(dir, schema);
  return { problems: loaded.problems, rules: [...loaded.rules.values()].flat() };
}

/** A GetAnimal stub whose one rule has `respond` (and `match`) as given on line 4. */
function oneRule(rule: string): string[] {
  return [
    '{',
    '  "format": 1, "method": "mock.zoo.Zoo/GetAnimal",',
    '  "rules": [',
    `    ${rule}`,
    '  ]',
    '}',
  ];
}

/** The 1-based line and column where `needle` first appears in the lines of a stub file. */
function placeOf(lines: string[], needle: string): { line: number; column: number } {
  const line = lines.findIndex((text) => text.includes(needle));
  return { line: line + 1, column: lines[line]!.indexOf(needle) + 1 };
}

function only(problems: MockProblem[]): MockProblem {
  expect(problems).toHaveLength(1);
  return problems[0]!;
}

describe('a stub file that cannot be served is reported with its file, line and what to change', () => {
  test('bad JSON: the parser position', async () => {
    const { problems } = await problemsOf(['{', '  "format": 1', '  "rules": []', '}']);
    expect(only(problems)).toEqual({
      file: 'mock.zoo.Zoo/GetAnimal.json',
      line: 3,
      column: 3,
      message: 'Invalid JSON at line 3, column 3: expected "," or "}" after a property, got "\\""',
      hint: 'Fix the JSON syntax; the other stub files keep serving.',
    });
  });

  test('a misspelt setting names the nearest one', async () => {
    const { problems, rules } = await problemsOf(oneRule('{ "respnd": { "body": {} } }'));
    expect(only(problems)).toMatchObject({
      line: 4,
      column: 7,
      message: 'rules[0] has no setting "respnd".',
      hint: 'Did you mean "respond"?',
    });
    expect(rules).toEqual([]);
  });

  test('rules that are not a list', async () => {
    const { problems } = await problemsOf(['{ "method": "mock.zoo.Zoo/GetAnimal",', '  "rules": {} }']);
    expect(only(problems)).toMatchObject({
      line: 2,
      column: 12,
      message: 'rules must be a list, not an object.',
    });
  });

  test('an unknown method suggests the nearest', async () => {
    const { problems } = await problemsOf([
      '{ "format": 1,',
      '  "method": "mock.zoo.Zoo/GetAnimals", "rules": [] }',
    ]);
    expect(only(problems)).toMatchObject({
      line: 2,
      column: 13,
      message: '"mock.zoo.Zoo/GetAnimals" is not a method of the served schema.',
      hint: 'Did you mean "mock.zoo.Zoo/GetAnimal"?',
    });
  });

  test('a newer format', async () => {
    const { problems } = await problemsOf([
      '{ "format": 2, "method": "mock.zoo.Zoo/GetAnimal", "rules": [] }',
    ]);
    expect(only(problems).message).toBe('"format" is 2; this Protodesk reads stub format 1.');
  });

  test('an unknown field in a response body, at the field', async () => {
    const lines = oneRule('{ "respond": { "body": { "nmae": "x" } } }');
    const { problems } = await problemsOf(lines);
    expect(only(problems)).toMatchObject({
      ...placeOf(lines, '"nmae"'),
      message:
        'rules[0].respond.body does not fit mock.zoo.Animal: unknown field "nmae" in mock.zoo.Animal (did you mean "name"?).',
    });
  });

  test('a value of the wrong type in a stream body', async () => {
    const lines = [
      '{ "method": "mock.zoo.Zoo/ListAnimals", "rules": [',
      '  { "respond": { "stream": [ { "body": { "name": "ok" } },',
      '                             { "body": { "legs": "four" } } ] } } ] }',
    ];
    const { problems } = await problemsOf(lines, 'list.json');
    expect(only(problems)).toMatchObject({
      file: 'list.json',
      ...placeOf(lines, '"four"'),
      message:
        'rules[0].respond.stream[1].body does not fit mock.zoo.Animal: legs: expected int32, got "four".',
    });
  });

  test('an error detail whose type lacks the field', async () => {
    const { problems } = await problemsOf(
      oneRule(
        '{ "respond": { "status": { "code": "NOT_FOUND", "details": [ { "@type": "type.googleapis.com/google.rpc.ResourceInfo", "resourceNam": "7" } ] } } }',
      ),
    );
    expect(only(problems)).toMatchObject({ line: 4 });
    expect(only(problems).message).toMatch(
      /^rules\[0\]\.respond\.status\.details\[0\] does not fit google\.protobuf\.Any: .*unknown field "resourceNam" in google\.rpc\.ResourceInfo \(did you mean "resourceName"\?\)/,
    );
  });

  test('a detail of a type nobody defines', async () => {
    const { problems } = await problemsOf(
      oneRule(
        '{ "respond": { "status": { "code": 3, "details": [ { "@type": "type.googleapis.com/no.Such" } ] } } }',
      ),
    );
    expect(only(problems).message).toContain('no.Such');
  });

  test('a template naming a request field the input message lacks', async () => {
    const lines = oneRule('{ "respond": { "body": { "name": "Tiger {{request.nme}}" } } }');
    const { problems } = await problemsOf(lines);
    expect(only(problems)).toMatchObject({
      ...placeOf(lines, '"Tiger'),
      message:
        'rules[0].respond.body: {{request.nme}} names a field the request lacks: mock.zoo.AnimalRequest has no field "nme" (at $).',
      hint: 'Did you mean "name"?',
    });
  });

  test('a template that is no template', async () => {
    const { problems } = await problemsOf(oneRule('{ "respond": { "body": { "name": "{{requst.id}}" } } }'));
    expect(only(problems).message).toBe('rules[0].respond.body: {{requst.id}} is not a template.');
  });

  test('a match.body field the request does not have (the rule could never match)', async () => {
    const lines = oneRule('{ "match": { "body": { "idd": 7 } }, "respond": {} }');
    const { problems } = await problemsOf(lines);
    expect(only(problems)).toMatchObject({
      ...placeOf(lines, '"idd"'),
      message:
        'rules[0].match.body: mock.zoo.AnimalRequest has no field "idd", so this rule could never match.',
      hint: 'Did you mean "id"?',
    });
  });

  test('a bad regex', async () => {
    const { problems } = await problemsOf(
      oneRule('{ "match": { "fields": { "$.name": { "regex": "(tiger" } } }, "respond": {} }'),
    );
    expect(only(problems)).toMatchObject({ line: 4, column: 51 });
    expect(only(problems).message).toMatch(
      /^rules\[0\]\.match\.fields\["\$\.name"\]\.regex is not a valid regular expression: .*Unterminated group/,
    );
  });

  test('a bad duration, and a bare number', async () => {
    const fast = await problemsOf(oneRule('{ "respond": { "delay": "fast" } }'));
    expect(only(fast.problems)).toMatchObject({
      line: 4,
      column: 29,
      message: 'rules[0].respond.delay must be a duration such as 200ms, 5s, 1.5s or 1m; got "fast".',
    });
    const bare = await problemsOf(oneRule('{ "respond": { "delay": "20" } }'));
    expect(only(bare.problems).message).toContain('A bare number has no unit: write 20s for seconds or 20ms');
  });

  test('an unknown status code name suggests the nearest', async () => {
    const { problems } = await problemsOf(oneRule('{ "respond": { "status": { "code": "NOTFOUND" } } }'));
    expect(only(problems)).toMatchObject({ line: 4, column: 40 });
    expect(only(problems).message).toMatch(/"NOTFOUND" is not a gRPC status name; did you mean NOT_FOUND\?/);
  });

  test('a stream for a method that answers one message', async () => {
    const { problems } = await problemsOf(oneRule('{ "respond": { "stream": [] } }'));
    expect(only(problems).message).toBe(
      'rules[0].respond.stream: GetAnimal answers one message, not a stream.',
    );
  });

  test('a match.fields path into a field the request lacks', async () => {
    const { problems } = await problemsOf(
      oneRule('{ "match": { "fields": { "$.owner.name": { "exists": true } } }, "respond": {} }'),
    );
    expect(only(problems)).toMatchObject({
      message:
        'rules[0].match.fields: "$.owner.name" names a field the request lacks: mock.zoo.Tag has no field "name" (at $.owner).',
    });
  });
});

test('a bad rule is skipped and a bad file left out; every other rule keeps serving', async () => {
  const { stubs, done } = await stubHandler(schema, {
    'broken.json': '{ "method": ',
    'mock.zoo.Zoo/GetAnimal.json': {
      format: 1,
      method: 'mock.zoo.Zoo/GetAnimal',
      rules: [
        { match: { body: { id: '1' } }, respond: { body: { legs: 'many' } } },
        { respond: { body: { name: 'still here' } } },
      ],
    },
  });
  try {
    expect(stubs.problems().map((p) => p.file)).toEqual(['broken.json', 'mock.zoo.Zoo/GetAnimal.json']);
    expect(stubs.methods()).toEqual(['mock.zoo.Zoo/GetAnimal']);
    const { call, reply, send, feed } = zooCall(schema, 'GetAnimal');
    send({ id: '1' });
    feed.end();
    await stubs.handler(call, reply);
    expect(reply.messages).toEqual([{ name: 'still here' }]);
  } finally {
    await done();
  }
});
