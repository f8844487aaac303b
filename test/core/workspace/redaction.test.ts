import { describe, expect, it } from 'vitest';
import { SecretRedactor } from '../../../src/core/workspace/redaction';
import type { CallEvent } from '../../../src/shared/call';
import { redactedSecretMinLength } from '../../../src/shared/workspace';

const redactor = (secrets: Record<string, string>) => new SecretRedactor(new Map(Object.entries(secrets)));

describe('SecretRedactor', () => {
  it('replaces a secret wherever it occurs, longest first, including its JSON-escaped form, at any depth', () => {
    const r = redactor({ token: 'abc"12345', inner: 'abc"12', empty: '' });
    const value = {
      a: 'Bearer abc"12345',
      b: ['{"t":"abc\\"12345"}', 'abc"12 abc"12'],
      n: 5,
      nested: { c: null },
    };
    expect(r.redactValue(value)).toEqual({
      a: 'Bearer {{token}}',
      b: ['{"t":"{{token}}"}', '{{inner}} {{inner}}'],
      n: 5,
      nested: { c: null },
    });
    expect(value.a).toBe('Bearer abc"12345');
  });

  it(`leaves secrets shorter than ${redactedSecretMinLength} characters alone, so "bad token" stays as the server said it`, () => {
    const r = redactor({ token: 'bad', pin: '12345' });
    expect(r.empty).toBe(true);
    expect(r.redact('bad token; pin 12345')).toBe('bad token; pin 12345');
    expect(redactor({ pin: '123456' }).redact('pin 123456')).toBe('pin {{pin}}');
    // Characters, not UTF-16 units: five emoji are five characters.
    expect(redactor({ face: '😀😀😀😀😀' }).empty).toBe(true);
  });

  it('hides a secret inside a longer word too: a value long enough is never shown, whatever surrounds it', () => {
    expect(redactor({ password: 'hunter22' }).redact('hunter2245 and xhunter22x')).toBe(
      '{{password}}45 and x{{password}}x',
    );
  });

  it('keeps JSON valid: strings are re-encoded, a number holding a secret becomes a string', () => {
    const r = redactor({ token: 'p@ss"w0rd/é', pin: '987654' });
    const json =
      '{"user":"p@ss\\"w0rd\\/\\u00e9","id":1987654321,"ok":true,"list":["x","pre-p@ss\\"w0rd/é-post"]}';
    const redacted = r.redactJson(json);
    expect(JSON.parse(redacted)).toEqual({
      user: '{{token}}',
      id: '1{{pin}}321',
      ok: true,
      list: ['x', 'pre-{{token}}-post'],
    });
    expect(r.redactJson('{"a": "untouched \\u0041", "b": 12}')).toBe('{"a": "untouched \\u0041", "b": 12}');
  });

  it('replaces a secret that spans JSON structure where it stands: the text may break, the secret never shows', () => {
    const r = redactor({ list: '111111, 2' });
    expect(r.redactJson('[111111, 2]')).toBe('[{{list}}]');
  });

  it('redacts call events: metadata, status message, hint and details, and response messages', () => {
    const r = redactor({ token: 'SECRET-TOKEN' });
    const events: CallEvent[] = [
      { type: 'headers', metadata: [{ key: 'x-echo', value: 'Bearer SECRET-TOKEN' }], atMs: 1 },
      { type: 'sent', index: 0, size: 2, atMs: 1 },
      { type: 'message', index: 0, size: 9, atMs: 2, json: '{"username":"SECRET-TOKEN"}' },
      { type: 'trailers', metadata: [{ key: 'x-echo', value: 'SECRET-TOKEN' }], atMs: 3 },
      {
        type: 'status',
        status: {
          code: 3,
          name: 'INVALID_ARGUMENT',
          message: 'tok SECRET-TOKEN',
          details: '{"message":"tok SECRET-TOKEN"}',
          hint: 'check SECRET-TOKEN',
        },
        timings: { totalMs: 4, messagesSent: 1, messagesReceived: 1, bytesSent: 2, bytesReceived: 9 },
        insecure: false,
      },
    ];
    const redacted = events.map((event) => r.redactEvent(event));
    expect(JSON.stringify(redacted)).not.toContain('SECRET-TOKEN');
    expect(redacted[1]).toBe(events[1]);
    expect(redacted[2]).toMatchObject({ json: '{"username":"{{token}}"}' });
    expect(redacted[4]).toMatchObject({
      status: { message: 'tok {{token}}', details: '{"message":"tok {{token}}"}', hint: 'check {{token}}' },
    });
  });

  it('two names with one value: the value shows as the first name', () => {
    expect(redactor({ a: 'same-value', b: 'same-value' }).redact('x same-value')).toBe('x {{a}}');
  });
});
