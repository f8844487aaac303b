import { describe, expect, test } from 'vitest';
import { middleSplit } from '../../../src/renderer/model/middle-split';

/** What shows when the start gives way: its first characters, an ellipsis, and the whole end. */
const cut = (name: string): string => {
  const { head, tail } = middleSplit(name);
  return `${head}|${tail}`;
};

describe('middleSplit', () => {
  test('keeps the end after the last separator: a port, a package version, a file name', () => {
    expect(cut('127.0.0.1:50051')).toBe('127.0.0.1:|50051');
    expect(cut('grpc.reflection.v1alpha')).toBe('grpc.reflection|.v1alpha');
    expect(cut('protos/grpc/testing/echo.proto')).toBe('protos/grpc/testing/|echo.proto');
  });

  test('keeps the last camel-case word of a name without separators', () => {
    expect(cut('StreamingOutputCall')).toBe('StreamingOutput|Call');
    expect(cut('ServerReflectionInfo')).toBe('ServerReflection|Info');
    expect(cut('ServerReflection')).toBe('Server|Reflection');
    expect(cut('TestService')).toBe('Test|Service');
  });

  test('keeps at most a third of the name, and never splits a short one', () => {
    expect(cut('Check')).toBe('Check|');
    expect(cut('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopq|rstuvwxyz');
    expect(cut('a'.repeat(60)).split('|')[1]).toHaveLength(14);
  });

  test('the two parts are the whole name', () => {
    for (const name of ['127.0.0.1:50051', 'UnimplementedService', 'x', 'a b c d e f g h'])
      expect(Object.values(middleSplit(name)).join('')).toBe(name);
  });
});
