import { describe, expect, it } from 'vitest';
import { typeUrlsIn, typeValueBefore } from '../../../../src/renderer/editor/monaco/any-type-urls';

describe('typeUrlsIn', () => {
  it('finds every distinct @type URL, sorted, at any depth and spacing', () => {
    const text = `{
      "anyValue": {"@type" : "type.googleapis.com/b.B", "x": 1},
      "anyValues": [{"@type":"type.googleapis.com/a.A"}, {"@type": "type.googleapis.com/b.B"}]
    }`;
    expect(typeUrlsIn(text)).toEqual(['type.googleapis.com/a.A', 'type.googleapis.com/b.B']);
  });

  it('ignores an empty or unfinished value and other keys', () => {
    expect(typeUrlsIn('{"@type": "", "type": "type.googleapis.com/a.A", "@type": "type.goo')).toEqual([]);
  });
});

describe('typeValueBefore', () => {
  it('is inside a quoted @type value, with what was typed of it', () => {
    expect(typeValueBefore('{"any": {"@type": "type.googleapis.com/acme.')).toEqual({
      typed: 'type.googleapis.com/acme.',
      quoted: true,
    });
    expect(typeValueBefore('{"any": {\n  "@type":\n    "')).toEqual({ typed: '', quoted: true });
  });

  it('is at a bare value being started right after the colon', () => {
    expect(typeValueBefore('{"@type": ')).toEqual({ typed: '', quoted: false });
    expect(typeValueBefore('{"@type": Desc')).toEqual({ typed: 'Desc', quoted: false });
  });

  it('is nowhere else: after a finished value, in a key, in another field', () => {
    expect(typeValueBefore('{"@type": "type.googleapis.com/a.A", ')).toBeUndefined();
    expect(typeValueBefore('{"@type": "type.googleapis.com/a.A"}')).toBeUndefined();
    expect(typeValueBefore('{"@ty')).toBeUndefined();
    expect(typeValueBefore('{"name": "')).toBeUndefined();
  });
});
