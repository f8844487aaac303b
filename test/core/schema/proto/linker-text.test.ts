import { describe, expect, it } from 'vitest';
import { cEscape } from '../../../../src/core/schema/proto/c-escape';
import { simpleDtoa, simpleFtoa } from '../../../../src/core/schema/proto/float-text';
import { jsonName, mapEntryName } from '../../../../src/core/schema/proto/json-name';

describe('protoc text helpers', () => {
  it('formats doubles like SimpleDtoa', () => {
    expect(
      [1e10, 0.1, 1e-5, 16, -Infinity, Infinity, NaN, 1.5e-7, 1e100, 123456, 0.3333333333333333].map(
        simpleDtoa,
      ),
    ).toEqual([
      '10000000000',
      '0.1',
      '1e-05',
      '16',
      '-inf',
      'inf',
      'nan',
      '1.5e-07',
      '1e+100',
      '123456',
      '0.33333333333333331',
    ]);
  });

  it('formats floats like SimpleFtoa', () => {
    expect([1e10, 0.1, 123456789, 3.4028235e38, 0.33333334].map(simpleFtoa)).toEqual([
      '1e+10',
      '0.1',
      '123456792',
      '3.40282347e+38',
      '0.333333343',
    ]);
  });

  it('escapes bytes like CEscape', () => {
    expect(cEscape(new Uint8Array([0x61, 1, 0x22, 0x27, 0x5c, 0x0a, 0x7f, 0xff]))).toBe(
      'a\\001\\"\\\'\\\\\\n\\177\\377',
    );
  });

  it('derives JSON and map entry names like protoc', () => {
    expect(['foo_bar', '_leading', 'trailing_', 'mixed_Case__double', 'a_1b'].map(jsonName)).toEqual([
      'fooBar',
      'Leading',
      'trailing',
      'mixedCaseDouble',
      'a1b',
    ]);
    expect(['by_int32', 'snake_case_name', 'x'].map(mapEntryName)).toEqual([
      'ByInt32Entry',
      'SnakeCaseNameEntry',
      'XEntry',
    ]);
  });
});
