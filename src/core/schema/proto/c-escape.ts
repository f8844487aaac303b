/** protoc's CEscape for bytes defaults: named escapes for \n \r \t " ' \\, three-digit octal for other non-printables. */
export function cEscape(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    switch (b) {
      case 0x0a:
        out += '\\n';
        break;
      case 0x0d:
        out += '\\r';
        break;
      case 0x09:
        out += '\\t';
        break;
      case 0x22:
        out += '\\"';
        break;
      case 0x27:
        out += "\\'";
        break;
      case 0x5c:
        out += '\\\\';
        break;
      default:
        out += b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b);
    }
  }
  return out;
}
