import { describe, expect, it } from 'vitest';
import { jsonSubsetMismatch } from '../../../src/core/workspace/json-subset';

const response = { user: { name: 'bob', id: '9223372036854775807', age: 30 }, tags: ['a', 'b'], ok: true };

describe('jsonSubsetMismatch', () => {
  it('accepts a subset of object keys, whole lists in order, and int64 strings given as numbers or text', () => {
    expect(jsonSubsetMismatch({ user: { name: 'bob' } }, response)).toBeUndefined();
    expect(jsonSubsetMismatch({ tags: ['a', 'b'], ok: true }, response)).toBeUndefined();
    expect(jsonSubsetMismatch({ user: { id: '9223372036854775807', age: '30' } }, response)).toBeUndefined();
    expect(jsonSubsetMismatch({ user: { age: 30 } }, { user: { age: '30' } })).toBeUndefined();
    expect(jsonSubsetMismatch({}, response)).toBeUndefined();
  });

  it('says what differed, with the path', () => {
    expect(jsonSubsetMismatch({ user: { name: 'ann' } }, response)).toBe(
      '$.user.name: expected "ann", got "bob"',
    );
    expect(jsonSubsetMismatch({ user: { email: 'a@b' } }, response)).toBe(
      '$.user.email: expected "a@b", but the field is missing',
    );
    expect(jsonSubsetMismatch({ tags: ['a'] }, response)).toBe('$.tags: expected 1 element, got 2');
    expect(jsonSubsetMismatch({ tags: ['a', 'c'] }, response)).toBe('$.tags[1]: expected "c", got "b"');
    expect(jsonSubsetMismatch({ user: [] }, response)).toBe('$.user: expected a list, got an object');
    expect(jsonSubsetMismatch({ ok: { deep: 1 } }, response)).toBe('$.ok: expected an object, got true');
    expect(jsonSubsetMismatch({ ok: 1 }, response)).toBe('$.ok: expected 1, got true');
  });
});
