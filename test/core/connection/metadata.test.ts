import { describe, expect, test } from 'vitest';
import { ConnectionError } from '../../../src/core/connection/errors';
import { buildMetadata } from '../../../src/core/connection/metadata';

function problemsOf(run: () => unknown): ConnectionError['problems'] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectionError);
    return (error as ConnectionError).problems;
  }
  throw new Error('expected a ConnectionError');
}

describe('buildMetadata', () => {
  test('keeps several values per key in order, lowercases keys, decodes -bin values', () => {
    const metadata = buildMetadata([
      { key: 'X-Trace', value: 'a' },
      { key: 'x-trace', value: 'b c' },
      { key: 'blob-bin', value: 'AAEC/w==' },
      { key: 'url-bin', value: '_-8' },
      { key: 'empty', value: '' },
    ]);
    expect(metadata.get('x-trace')).toEqual(['a', 'b c']);
    expect(metadata.get('blob-bin')).toEqual([Buffer.from([0, 1, 2, 255])]);
    expect(metadata.get('url-bin')).toEqual([Buffer.from([0xff, 0xef])]);
    expect(metadata.get('empty')).toEqual(['']);
  });

  test('an empty list gives empty metadata', () => {
    expect(buildMetadata([]).toJSON()).toEqual({});
  });

  test('reports every bad row, numbered as shown, with a fix', () => {
    const problems = problemsOf(() =>
      buildMetadata([
        { key: 'ok', value: 'fine' },
        { key: '', value: 'x' },
        { key: 'has space', value: 'x' },
        { key: ':path', value: '/x' },
        { key: 'grpc-timeout', value: '1S' },
        { key: 'data-bin', value: 'not base64!' },
        { key: 'name', value: 'caf\u00e9' },
        { key: 'line', value: 'a\nb' },
      ]),
    );
    expect(problems).toEqual([
      {
        message: 'Metadata row 2 has no key.',
        hint: 'Give it a key such as authorization, or remove the row.',
      },
      {
        message: 'Metadata row 3: the key "has space" is not valid.',
        hint: 'Metadata keys may contain only 0-9 a-z _ . - (letters are lowercased).',
      },
      {
        message: 'Metadata row 4: the key ":path" is not valid.',
        hint: 'Metadata keys may contain only 0-9 a-z _ . - (letters are lowercased).',
      },
      {
        message: 'Metadata row 5: the key "grpc-timeout" is reserved by gRPC.',
        hint: 'Keys starting with grpc- are set by gRPC itself; use another name.',
      },
      {
        message: 'Metadata row 6: the value of "data-bin" is not base64.',
        hint: 'Keys ending in -bin carry binary values: write them base64 encoded.',
      },
      {
        message: 'Metadata row 7: the value of "name" has characters gRPC cannot send.',
        hint: 'Text values may contain printable ASCII only; send binary or non-ASCII data under a key ending in -bin, base64 encoded.',
      },
      {
        message: 'Metadata row 8: the value of "line" has characters gRPC cannot send.',
        hint: 'Text values may contain printable ASCII only; send binary or non-ASCII data under a key ending in -bin, base64 encoded.',
      },
    ]);
  });
});
