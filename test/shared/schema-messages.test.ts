import { describe, expect, test } from 'vitest';
import {
  describeGot,
  oneofConflictMessage,
  parseOneofConflict,
  shownProblems,
  type SchemaProblem,
} from '../../src/shared/schema-messages';

/** The problem a schema rule leaves on the first occurrence of `at` in `text`. */
function problemAt(text: string, at: string, message: string, from = 0): SchemaProblem {
  const start = text.indexOf(at, from);
  return { message, start, end: start + at.length };
}

describe('the schema’s messages as the editor shows them', () => {
  test('the offending text: values as written, long strings cut, objects and lists by kind', () => {
    expect(describeGot('"four"')).toBe('"four"');
    expect(describeGot('4.5')).toBe('4.5');
    expect(describeGot('{\n  "a": 1\n}')).toBe('an object');
    expect(describeGot('[1, 2]')).toBe('a list');
    expect(describeGot(`"${'x'.repeat(60)}"`)).toBe(`"${'x'.repeat(38)}…"`);
  });

  test('a oneof message names the member set first and the oneof; nothing else reads as one', () => {
    expect(parseOneofConflict(oneofConflictMessage('petName', 'pet'))).toEqual({
      first: 'petName',
      oneof: 'pet',
    });
    expect(parseOneofConflict('legs: int32 expects a number, got {got}')).toBeUndefined();
  });

  test('of a clash’s two marks, the one on the member set second stays, with its key filled in', () => {
    const text = '{"petName": "Rex", "petId": 7}';
    const shown = shownProblems(text, [
      problemAt(text, '"petId"', oneofConflictMessage('petName', 'pet')),
      problemAt(text, '"petName"', oneofConflictMessage('petId', 'pet')),
    ]);
    expect(shown).toEqual([
      {
        ...problemAt(text, '"petId"', ''),
        message: '"petName" and "petId" are both in oneof "pet"; set only one.',
      },
    ]);
  });

  test('clashes in two objects of a list are told apart: each object keeps the mark on its second member', () => {
    const text = '[{"petId": 1, "petName": "a"}, {"petName": "b", "petId": 2}]';
    const second = text.indexOf('{', 2);
    const marks = [
      problemAt(text, '"petId"', oneofConflictMessage('petName', 'pet')),
      problemAt(text, '"petName"', oneofConflictMessage('petId', 'pet')),
      problemAt(text, '"petId"', oneofConflictMessage('petName', 'pet'), second),
      problemAt(text, '"petName"', oneofConflictMessage('petId', 'pet'), second),
    ];
    expect(shownProblems(text, marks).map((p) => [p.start, p.message])).toEqual([
      [text.indexOf('"petName"'), '"petId" and "petName" are both in oneof "pet"; set only one.'],
      [text.indexOf('"petId"', second), '"petName" and "petId" are both in oneof "pet"; set only one.'],
    ]);
  });

  test('other problems pass through, their stand-in filled and the rest untouched', () => {
    const text = '{"legs": "four", "x": 1}';
    expect(
      shownProblems(text, [
        problemAt(text, '"four"', 'legs: int32 expects a number, got {got}'),
        problemAt(text, ',', 'Expected comma'),
      ]).map((p) => p.message),
    ).toEqual(['legs: int32 expects a number, got "four"', 'Expected comma']);
  });
});
