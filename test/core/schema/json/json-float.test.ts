import { expect, test } from 'vitest';
import { shortestFloat32 } from '../../../../src/core/schema/json/json-float';

test('shortestFloat32 prints float32 values as short as they round-trip, as protojson does', () => {
  expect(shortestFloat32(Math.fround(0.1))).toBe(0.1);
  expect(shortestFloat32(Math.fround(3.4028235e38))).toBe(3.4028235e38);
  expect(shortestFloat32(Math.fround(1 / 3))).toBe(0.33333334);
  expect(shortestFloat32(Infinity)).toBe(Infinity);
  expect(shortestFloat32(-0)).toBe(-0);
});
