/**
 * Re-indents compact JSON text with two spaces per level, as grpcurl (and JSON.stringify(v, null, 2)) lays it out.
 * Works on the text, so numbers and strings print exactly as the engine wrote them.
 */
export function prettyJson(compact: string, indent = ''): string {
  let out = '';
  let depth = 0;
  let inString = false;
  const newline = (level: number) => `\n${indent}${'  '.repeat(level)}`;
  for (let i = 0; i < compact.length; i++) {
    const c = compact[i] as string;
    if (inString) {
      out += c;
      if (c === '\\') out += compact[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    switch (c) {
      case '"':
        inString = true;
        out += c;
        break;
      case '{':
      case '[': {
        const close = c === '{' ? '}' : ']';
        if (compact[i + 1] === close) {
          out += c + close;
          i++;
        } else {
          out += c + newline(++depth);
        }
        break;
      }
      case '}':
      case ']':
        out += newline(--depth) + c;
        break;
      case ',':
        out += c + newline(depth);
        break;
      case ':':
        out += ': ';
        break;
      default:
        out += c;
    }
  }
  return out;
}
