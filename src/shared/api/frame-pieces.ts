/**
 * Big engine → page frames travel as several WebSocket messages. A browser turns each text message into a string in
 * one main-thread task, so a 16 MB frame would freeze the page for tens of milliseconds; a piece of 1 M characters
 * takes a few. Every piece but the last starts with `+`, the last with `.`; a frame small enough for one message
 * is sent as it is (it starts with `{`, its JSON header).
 */

/** Characters of frame text per piece. */
export const framePieceChars = 1024 * 1024;

const MORE = '+';
const LAST = '.';

/** `text` as the messages to send, in order: itself when short enough, else its pieces. */
export function framePieces(text: string, pieceChars = framePieceChars): string[] {
  if (text.length <= pieceChars) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + pieceChars, text.length);
    // Never between the two halves of a surrogate pair: each piece is encoded to UTF-8 on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    pieces.push(`${end === text.length ? LAST : MORE}${text.slice(start, end)}`);
    start = end;
  }
  return pieces;
}

/** Puts frames sent by framePieces together again, one message at a time. */
export class FrameJoiner {
  private parts: string[] = [];

  /** The whole frame once `message` completes one, else undefined (more pieces are to come). */
  take(message: string): string | undefined {
    const mark = message[0];
    if (mark !== MORE && mark !== LAST) return message;
    this.parts.push(message.slice(1));
    if (mark === MORE) return undefined;
    const whole = this.parts.join('');
    this.parts = [];
    return whole;
  }
}
