/** Cuts a big frame into the WebSocket text messages the page joins again (see src/shared/api/frame-pieces.ts). */
import { framePieceBytes, LAST_PIECE, MORE_PIECES, wholeFrameBytes } from '../shared/api/frame-pieces';

const MORE = MORE_PIECES.charCodeAt(0);
const LAST = LAST_PIECE.charCodeAt(0);

/** A byte that continues a UTF-8 character (10xxxxxx): a piece must not start with one. */
const continues = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * `text` as the text messages to send, in order: itself up to `wholeBytes`, else pieces of UTF-8 (encoded once, cut
 * between characters, so each piece is valid UTF-8 alone), each with its mark in front.
 */
export function framePieces(
  text: string,
  pieceBytes = framePieceBytes,
  wholeBytes = wholeFrameBytes,
): (string | Buffer)[] {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (text.length * 3 <= wholeBytes) return [text];
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= wholeBytes) return [bytes];
  const pieces: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + pieceBytes - 1, bytes.length);
    while (end > start + 1 && continues(bytes[end])) end -= 1;
    const piece = Buffer.allocUnsafe(1 + end - start);
    piece[0] = end === bytes.length ? LAST : MORE;
    bytes.copy(piece, 1, start, end);
    pieces.push(piece);
    start = end;
  }
  return pieces;
}
