import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaError } from '../../../../src/core/schema/errors';
import { parseProto } from '../../../../src/core/schema/proto/parser';

const dir = join(process.cwd(), 'test/fixtures/broken-protos');

/** Each fixture of test/fixtures/broken-protos, with the one error it must produce: `line:column` and message. */
const EXPECTED: [name: string, at: string, message: string][] = [
  ['aggregate-missing-colon', '2:18', 'Expected ":" or "{" after the field name "a", found "1"'],
  ['aggregate-unclosed', '3:1', 'Expected "}" to close the aggregate value, found end of file'],
  ['bad-hex-escape', '2:24', 'Invalid escape "\\x" in string: expected a hex digit after it'],
  ['bad-import', '2:8', 'Expected a file name or "public" after "import", found "foo"'],
  ['bad-option-value', '2:23', 'Expected an option value, found ";"'],
  ['control-character', '2:1', 'Unexpected control character (code 1); a .proto file must be text'],
  ['edition-visibility', '2:1', '"local" needs edition 2024 or later (this file is edition 2023)'],
  ['empty-extend', '3:11', 'Expected a field in "extend A", found "}"'],
  ['empty-oneof', '3:12', 'Expected a field in the oneof "o", found "}"'],
  ['enum-value-out-of-range', '4:7', 'Enum value 2147483648 is out of range (-2147483648 to 2147483647)'],
  ['field-number-not-int', '3:13', 'Expected a field number, found "abc"'],
  ['field-number-too-big', '3:13', 'Field number 536870912 is out of range (1 to 536870911)'],
  ['field-number-zero', '3:13', 'Field number 0 is out of range (1 to 536870911)'],
  ['group-in-proto3', '3:12', 'Groups are not supported in proto3 files; use a nested message field'],
  ['group-lowercase', '3:18', 'Group names must start with a capital letter, found "g"'],
  ['invalid-escape', '2:25', 'Invalid escape "\\q" in string'],
  ['label-in-oneof', '4:5', 'Fields in a oneof cannot have a label, found "optional"'],
  ['map-in-oneof', '4:5', 'Map fields are not allowed in a oneof'],
  ['map-with-label', '3:12', 'Map fields cannot have a label ("repeated")'],
  ['minus-before-string', '2:24', 'Expected a number, "inf" or "nan" after "-", found the string "x"'],
  ['missing-close-brace', '4:1', 'Expected "}" to close the message "M", found end of file'],
  ['missing-equals', '3:11', 'Expected "=" after the field name "a", found "1"'],
  ['missing-field-name', '3:9', 'Expected a field name, found "="'],
  ['missing-returns', '3:14', 'Expected "returns" after the request type, found "("'],
  ['missing-semicolon', '5:1', 'Expected ";" after the field declaration, found "}"'],
  [
    'not-a-proto-file',
    '1:1',
    'This is not a .proto file: it does not start with "syntax", "edition", "package", "import", "option", "message", "enum" or "service"',
  ],
  ['nested-comment', '2:10', '"/*" inside a block comment: block comments cannot be nested'],
  [
    'non-ascii-outside-string',
    '2:12',
    'Unexpected character "é"; outside strings and comments a .proto file must be ASCII',
  ],
  ['number-touching-name', '3:13', 'Invalid number "1b": put a space between a number and a name'],
  ['octal-with-nine', '3:13', 'Invalid number "09": numbers starting with 0 are octal'],
  [
    'proto2-missing-label',
    '3:3',
    'Expected "optional", "required" or "repeated" before the field type (proto2 fields need a label), found "int32"',
  ],
  [
    'reserved-identifier-proto3',
    '3:12',
    'Reserved names must be strings in proto3 files: write reserved "foo"; (bare names need editions)',
  ],
  ['reserved-range-reversed', '3:18', 'Range end 5 is less than its start 10'],
  [
    'reserved-string-editions',
    '3:12',
    'Reserved names must be identifiers in editions files, not strings: write reserved foo; not reserved "foo";',
  ],
  ['scalar-rpc-type', '3:11', 'Expected a request message type, found the scalar type "string"'],
  ['short-unicode-escape', '2:24', 'Invalid escape "\\u12" in string: expected four hex digits'],
  ['syntax-not-first', '2:1', '"syntax" must be the first statement in the file'],
  [
    'top-level-garbage',
    '2:1',
    'Expected a top-level declaration ("message", "enum", "service", "extend", "import", "package" or "option"), found "mesage"',
  ],
  ['two-packages', '3:1', 'A file can have only one "package" statement (the first is at line 2)'],
  ['unknown-service-statement', '3:3', 'Expected "rpc", "option" or "}" in the service "S", found "message"'],
  [
    'unknown-syntax',
    '1:10',
    'Unknown syntax "proto4": expected "proto2" or "proto3" (editions files use edition = "2023")',
  ],
  ['unterminated-comment', '2:1', 'Unterminated block comment: expected "*/"'],
  ['unterminated-string', '2:23', 'Unterminated string: expected a closing " before the end of the line'],
];

/** Parses and returns the SchemaError's single problem as `line:column message`. */
function firstError(text: string, path: string): string {
  try {
    parseProto(text, path);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    expect(error.problems).toHaveLength(1);
    const [problem] = error.problems;
    expect(problem?.location?.file).toBe(path);
    return `${problem?.location?.line}:${problem?.location?.column} ${problem?.message}`;
  }
  return 'parsed without error';
}

describe('parseProto on broken protos', () => {
  it('has an expectation for every fixture', async () => {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.proto')).sort();
    expect(files).toEqual(EXPECTED.map(([name]) => `${name}.proto`).sort());
  });

  it.each(EXPECTED)('%s.proto fails at %s: %s', async (name, at, message) => {
    const path = `broken/${name}.proto`;
    expect(firstError(await readFile(join(dir, `${name}.proto`), 'utf8'), path)).toBe(`${at} ${message}`);
  });

  it('formats the error as file:line:column: message', () => {
    expect(() => parseProto('syntax = "proto3";\nmessage M { int32 a = 1 }', 'x.proto')).toThrow(
      'x.proto:2:25: Expected ";" after the field declaration, found "}"',
    );
  });
});
