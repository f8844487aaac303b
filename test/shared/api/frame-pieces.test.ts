import { describe, expect, it } from 'vitest';
import { FrameJoiner, framePieces } from '../../../src/shared/api/frame-pieces';
import { encodeServerFrame } from '../../../src/shared/api/frames';

/** Every message through one joiner: the frames it completes. */
function joinAll(messages: string[]): string[] {
  const joiner = new FrameJoiner();
  return messages.flatMap((message) => joiner.take(message) ?? []);
}

describe('framePieces and FrameJoiner', () => {
  const small = encodeServerFrame({ kind: 'result', id: 1, result: { ok: true, value: 'short' } });

  it('sends a frame that fits one message as it is', () => {
    expect(framePieces(small, 1000)).toEqual([small]);
    expect(joinAll([small])).toEqual([small]);
  });

  it('cuts a big frame into pieces of at most the given size (and its mark) and puts it together again', () => {
    const big = encodeServerFrame({ kind: 'result', id: 2, result: { ok: true, value: 'x'.repeat(10_000) } });
    const pieces = framePieces(big, 1000);
    expect(pieces.length).toBe(Math.ceil(big.length / 1000));
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1001);
    // A small frame after it is its own frame again.
    expect(joinAll([...pieces, small])).toEqual([big, small]);
  });

  it('never cuts between the two halves of a surrogate pair', () => {
    const text = `{"e":"${'😀'.repeat(3_000)}"}`;
    for (const size of [999, 1000, 1001]) {
      const pieces = framePieces(text, size);
      // Each piece survives UTF-8 on its own, as each WebSocket message is encoded alone.
      const wired = pieces.map((piece) => Buffer.from(piece, 'utf8').toString('utf8'));
      expect(joinAll(wired)).toEqual([text]);
    }
  });
});
