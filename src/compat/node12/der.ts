/**
 * Just enough DER to read a certificate where Node has no X.509 API (Node 12; see x509-certificate.ts): elements, object
 * identifiers, strings and times. Certificates use single-byte tags and definite lengths only.
 */

/** One DER element: its tag, and its bytes with and without the header. */
export interface DerElement {
  tag: number;
  bytes: Buffer;
  contents: Buffer;
}

/** The element starting at `offset`; throws on a truncated or indefinite-length element. */
export function derElement(buffer: Buffer, offset = 0): DerElement {
  const tag = buffer[offset];
  let length = buffer[offset + 1];
  let start = offset + 2;
  if (tag === undefined || length === undefined) throw new Error('truncated DER element');
  if (length === 0x80) throw new Error('indefinite DER length');
  if (length > 0x80) {
    const size = length - 0x80;
    length = buffer.subarray(start, start + size).reduce((total, byte) => total * 256 + byte, 0);
    start += size;
  }
  if (start + length > buffer.length) throw new Error('truncated DER element');
  return {
    tag,
    bytes: buffer.subarray(offset, start + length),
    contents: buffer.subarray(start, start + length),
  };
}

/** The elements inside a constructed element (a SEQUENCE, SET or explicit tag), in order. */
export function derChildren(parent: DerElement): DerElement[] {
  const children: DerElement[] = [];
  for (
    let offset = 0;
    offset < parent.contents.length;
    offset += children[children.length - 1]!.bytes.length
  ) {
    children.push(derElement(parent.contents, offset));
  }
  return children;
}

/** An OBJECT IDENTIFIER in dotted form, `2.5.4.3`. */
export function derOid(element: DerElement): string {
  const [first = 0, ...rest] = element.contents;
  const arcs = [Math.floor(Math.min(first, 80) / 40), first - Math.floor(Math.min(first, 80) / 40) * 40];
  let value = 0;
  for (const byte of rest) {
    value = value * 128 + (byte & 0x7f);
    if (byte < 0x80) {
      arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
}

/** The text of a string element: UTF-8, BMP (UTF-16BE) and universal (UTF-32BE) strings; the others as Latin-1. */
export function derString(element: DerElement): string {
  switch (element.tag) {
    case 0x0c:
      return element.contents.toString('utf8');
    case 0x1e:
      return Buffer.from(element.contents).swap16().toString('utf16le');
    case 0x1c: {
      const points: number[] = [];
      for (let i = 0; i + 3 < element.contents.length; i += 4) points.push(element.contents.readUInt32BE(i));
      return String.fromCodePoint(...points);
    }
    default:
      return element.contents.toString('latin1');
  }
}

/** A UTCTime (`YYMMDDHHMMSSZ`, years 1950-2049) or GeneralizedTime (`YYYYMMDDHHMMSSZ`) as an ISO 8601 string. */
export function derTime(element: DerElement): string {
  const text = element.contents.toString('latin1');
  const full = element.tag === 0x17 ? `${Number(text.slice(0, 2)) < 50 ? '20' : '19'}${text}` : text;
  const [, year, month, day, hour, minute, second] =
    /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)/.exec(full) ?? [];
  if (second === undefined) throw new Error(`unreadable certificate time ${text}`);
  return new Date(Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second)).toISOString();
}
