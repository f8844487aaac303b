import { describe, expect, it } from 'vitest';
import { trailerSerialize } from '@connectrpc/connect/protocol-grpc-web';
import { Base64StreamDecoder } from '../../../src/core/wire/base64-stream';
import { EnvelopeReader, grpcWebTrailersFlag, writeEnvelope } from '../../../src/core/wire/envelope';

/** Envelopes of 6, 7 and 8 bytes, so their base64 ends without padding, with `==` and with `=`. */
const frames = [
  writeEnvelope(0, Buffer.from('a')),
  writeEnvelope(0, Buffer.from('bc')),
  writeEnvelope(0, Buffer.from('def')),
  writeEnvelope(grpcWebTrailersFlag, trailerSerialize(new Headers({ 'grpc-status': '0' }))),
];

/** What a grpc-web-text server may send: each message base64-encoded on its own, padding and all. */
const separately = frames.map((f) => f.toString('base64')).join('');

describe('streaming base64 (grpc-web-text)', () => {
  it('has padding in the middle of the body (the case Node alone gets wrong)', () => {
    expect(separately.slice(0, -4)).toMatch(/=[A-Za-z0-9+/]/);
    expect(Buffer.from(separately, 'base64')).not.toEqual(Buffer.concat(frames));
  });

  it.each([
    ['each message encoded on its own', separately],
    ['the whole body encoded at once', Buffer.concat(frames).toString('base64')],
  ])('decodes %s, split at every character', (_, text) => {
    for (let cut = 0; cut <= text.length; cut++) {
      const decoder = new Base64StreamDecoder();
      const bytes = Buffer.concat([
        decoder.push(Buffer.from(text.slice(0, cut))),
        decoder.push(Buffer.from(text.slice(cut))),
      ]);
      expect(bytes).toEqual(Buffer.concat(frames));
      expect(decoder.partial).toBe(false);
    }
  });

  it('decodes one character at a time into the same envelopes', () => {
    const decoder = new Base64StreamDecoder();
    const reader = new EnvelopeReader(1024);
    const envelopes = [...separately].flatMap((c) => reader.push(decoder.push(Buffer.from(c))));
    expect(envelopes.map((e) => Buffer.from(e.data).toString())).toEqual([
      'a',
      'bc',
      'def',
      'grpc-status: 0\r\n',
    ]);
  });

  it('ignores line breaks, and refuses a body that is not base64', () => {
    const decoder = new Base64StreamDecoder();
    expect(decoder.push(Buffer.from('aGVs\r\nbG8='))).toEqual(Buffer.from('hello'));
    expect(() => new Base64StreamDecoder().push(Buffer.from('<html>'))).toThrow(
      'The grpc-web-text response is not base64',
    );
  });

  it('knows when the body stops inside a 4-character group', () => {
    const decoder = new Base64StreamDecoder();
    decoder.push(Buffer.from('aGV'));
    expect(decoder.partial).toBe(true);
  });
});
