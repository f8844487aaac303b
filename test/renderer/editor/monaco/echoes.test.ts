import { describe, expect, test } from 'vitest';
import { EchoTracker } from '../../../../src/renderer/editor/monaco/echoes';

describe('EchoTracker', () => {
  test('a stale echo of earlier typing is recognised, in order', () => {
    const echoes = new EchoTracker();
    echoes.emitted('{n}');
    echoes.emitted('{na}');
    expect(echoes.isEcho('{n}')).toBe(true);
    expect(echoes.isEcho('{na}')).toBe(true);
    expect(echoes.isEcho('{na}')).toBe(false);
  });

  test('a text never emitted is an outside change', () => {
    const echoes = new EchoTracker();
    echoes.emitted('{a}');
    expect(echoes.isEcho('{"reset": true}')).toBe(false);
  });

  test('an echo skipping ahead forgets the older ones; reset forgets all', () => {
    const echoes = new EchoTracker();
    echoes.emitted('1');
    echoes.emitted('2');
    echoes.emitted('3');
    expect(echoes.isEcho('2')).toBe(true);
    expect(echoes.isEcho('1')).toBe(false);
    echoes.reset();
    expect(echoes.isEcho('3')).toBe(false);
  });
});
