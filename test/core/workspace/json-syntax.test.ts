// Where text stops being JSON, said without quoting it: a file that is not what it should be may hold a secret.
import { describe, expect, test } from 'vitest';
import { describeJsonSyntax } from '../../../src/core/workspace/json-syntax';

describe('describeJsonSyntax', () => {
  test.each([
    ['DECOY_TOKEN=s3cr3t\n', 'line 1, column 1: expected a value'],
    ['{"a": 1,}', 'line 1, column 9: expected a property name'],
    ['{\n  "a": 1\n  "SECRETKEY": 2\n}', 'line 3, column 3: expected "," or "}" after a property'],
    ['{"token": "s3cr3t', 'line 1, column 11: the text ends too early'],
    ['', 'line 1, column 1: the text ends too early'],
    ['{} s3cr3t', 'line 1, column 4: more text follows the JSON value'],
    ["{'s3cr3t': 1}", 'line 1, column 2: expected a property name in double quotes'],
  ])('%j → %s', (text, described) => {
    expect(describeJsonSyntax(text)).toBe(described);
  });
});
