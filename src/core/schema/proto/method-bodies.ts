import type { MethodAst, ProtoFileAst } from './ast';

/**
 * The methods written with a `{ ... }` body rather than `;`. protoc gives those an (possibly empty) options
 * message, and the syntax tree does not record which form was used, so this looks at the text after the
 * method's response type.
 */
export function methodsWithBody(text: string, ast: ProtoFileAst): Set<MethodAst> {
  const found = new Set<MethodAst>();
  if (ast.services.length === 0) return found;
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  for (const service of ast.services) {
    for (const method of service.methods) {
      const { line, column } = method.span.end;
      const end = (lineStarts[line - 1] ?? text.length) + column - 1;
      // The span may end after the body's `}` or at the response type's `)`.
      if (text[end - 1] === '}' || nextSignificant(text, end) === '{') found.add(method);
    }
  }
  return found;
}

/** The first character from `offset` on that is not whitespace, `)` or inside a comment. */
function nextSignificant(text: string, offset: number): string | undefined {
  let i = Math.max(0, offset);
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ')') i++;
    else if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) < 0 ? text.length : text.indexOf('*/', i) + 2;
    else return c;
  }
  return undefined;
}
