/**
 * Decodes a grpc-web-text body chunk by chunk. The spec lets a sender base64-encode each message on its own, so `=`
 * padding may end a 4-character group in the middle of the body; Node's decoder would stop at the first one.
 */
export class Base64StreamDecoder {
  /** Characters of a 4-character group that has not ended yet. */
  private carry = '';

  /** The bytes the chunk completes; throws when it holds characters that are not base64. */
  push(chunk: Uint8Array): Buffer {
    const text =
      this.carry +
      Buffer.from(chunk)
        .toString('latin1')
        .replace(/[\r\n\t ]/g, '');
    if (/[^A-Za-z0-9+/=]/.test(text)) {
      throw new Error('The grpc-web-text response is not base64: the server may not speak grpc-web-text.');
    }
    const whole = text.length - (text.length % 4);
    this.carry = text.slice(whole);
    const parts: Buffer[] = [];
    let from = 0;
    // Each group that ends in padding closes one base64 run: decode runs one by one.
    for (let pad = text.indexOf('=', from); pad >= 0 && pad < whole; pad = text.indexOf('=', from)) {
      const groupEnd = pad - (pad % 4) + 4;
      parts.push(Buffer.from(text.slice(from, groupEnd), 'base64'));
      from = groupEnd;
    }
    if (from < whole) parts.push(Buffer.from(text.slice(from, whole), 'base64'));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Whether characters of an unfinished group are left: a body that stops here is cut short. */
  get partial(): boolean {
    return this.carry.length > 0;
  }
}
