/**
 * Big engine → page frames travel as several WebSocket messages. A browser turns each text message into a string in
 * one main-thread task, so a 16 MB frame would freeze the page for tens of milliseconds; a piece of 1 MB takes a few.
 * Frames over 4 MB are cut. Every piece but the last starts with `+`, the last with `.`; a frame small enough for one message is sent as it is
 * (it starts with `{`, its JSON header). The host cuts (src/host/frame-pieces.ts), the page joins (FrameJoiner).
 */

/** Bytes of UTF-8 per piece, at most. */
export const framePieceBytes = 1024 * 1024;

/** Frames up to this many bytes go whole (under 10 ms to read): the vectors stream's batches (~1.5 MB) never pay. */
export const wholeFrameBytes = 4 * 1024 * 1024;

/** The first character of every piece but the last. */
export const MORE_PIECES = '+';
/** The first character of a frame's last piece. */
export const LAST_PIECE = '.';

/** Puts frames cut into pieces together again, one message at a time. */
export class FrameJoiner {
  private parts: string[] = [];

  /** The whole frame once `message` completes one, else undefined (more pieces are to come). */
  take(message: string): string | undefined {
    const mark = message[0];
    if (mark !== MORE_PIECES && mark !== LAST_PIECE) return message;
    this.parts.push(message.slice(1));
    if (mark === MORE_PIECES) return undefined;
    const whole = this.parts.join('');
    this.parts = [];
    return whole;
  }
}
