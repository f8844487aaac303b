import { describe, expect, it } from 'vitest';
import { framePieces } from '../../src/host/frame-pieces';
import { FrameJoiner } from '../../src/shared/api/frame-pieces';
import { encodeServerFrame } from '../../src/shared/api/frames';

/** The messages as the page's WebSocket reads them (UTF-8 text, each alone), through one joiner: the frames it completes. */
function joinAll(messages: (string | Buffer)[]): string[] {
  const joiner = new FrameJoiner();
  return messages.flatMap((message) => {
    const text =
      typeof message === 'string' ? message : new TextDecoder('utf-8', { fatal: true }).decode(message);
    return joiner.take(text) ?? [];
  });
}

describe('framePieces and FrameJoiner', () => {
  const small = encodeServerFrame({ kind: 'result', id: 1, result: { ok: true, value: 'short' } });

  it('sends a frame that fits one message as it is', () => {
    expect(framePieces(small, 1000, 1000)).toEqual([small]);
    expect(joinAll([small])).toEqual([small]);
  });

  it('sends a frame whole up to the whole-frame size, even when that is more than a piece', () => {
    const frame = encodeServerFrame({
      kind: 'result',
      id: 3,
      result: { ok: true, value: 'y'.repeat(3_000) },
    });
    expect(joinAll(framePieces(frame, 1000, 10_000))).toEqual([frame]);
    expect(framePieces(frame, 1000, 10_000)).toHaveLength(1);
  });

  it('cuts a big frame into pieces of at most the given bytes and puts it together again', () => {
    const big = encodeServerFrame({ kind: 'result', id: 2, result: { ok: true, value: 'x'.repeat(10_000) } });
    const pieces = framePieces(big, 1000, 1000);
    expect(pieces.length).toBe(Math.ceil(big.length / 999));
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1000);
    // A small frame after it is its own frame again.
    expect(joinAll([...pieces, small])).toEqual([big, small]);
  });

  it('cuts only between characters: every piece is valid UTF-8 alone, whatever the characters', () => {
    const text = `{"e":"${'é✓😀'.repeat(2_000)}"}`;
    for (const size of [999, 1000, 1001]) expect(joinAll(framePieces(text, size, size))).toEqual([text]);
  });
});
