import { describe, expect, test } from 'vitest';
import { acceptPlaceholders } from '../../../../src/renderer/editor/monaco/variables-schema';

const bytes = { type: 'string', pattern: '^[A-Za-z0-9+/_-]*={0,2}$' };
const color = { type: 'string', enum: ['RED', 'GREEN'], enumDescriptions: ['', ''] };
const schema = {
  $ref: '#/definitions/M',
  definitions: {
    M: { type: 'object', properties: { data: bytes, color: { anyOf: [color, { type: 'integer' }] } } },
  },
};

describe('the request schema as the editor checks it', () => {
  test('a constrained string also takes a {{variable}}; what it refused without one it still refuses', () => {
    const widened = acceptPlaceholders(schema) as typeof schema;
    const pattern = new RegExp(widened.definitions.M.properties.data.pattern);
    expect(pattern.test('AAAA')).toBe(true);
    expect(pattern.test('{{payload}}')).toBe(true);
    expect(pattern.test('not base64!')).toBe(false);
  });

  test('an enum of names also takes a {{variable}}, without suggesting it', () => {
    const widened = acceptPlaceholders(schema) as {
      definitions: { M: { properties: { color: { anyOf: unknown[] } } } };
    };
    expect(widened.definitions.M.properties.color.anyOf[0]).toEqual({
      anyOf: [color, { type: 'string', pattern: '\\{\\{([A-Za-z0-9_.-]+)\\}\\}', doNotSuggest: true }],
    });
    // The schema the engine sent is left as it was.
    expect(schema.definitions.M.properties.data.pattern).toBe('^[A-Za-z0-9+/_-]*={0,2}$');
  });

  test('the {{variable}} branch of an enum says what the enum says, whichever branch Monaco reports', () => {
    const errorMessage = 'color: Color expects one of RED, GREEN, or its number, got {got}';
    const widened = acceptPlaceholders({ ...color, errorMessage }) as { anyOf: { errorMessage?: string }[] };
    expect(widened.anyOf.map((branch) => branch.errorMessage)).toEqual([errorMessage, errorMessage]);
  });
});
