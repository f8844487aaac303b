// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage return; lone surrogates;
// U+FFFE/U+FFFF): a gRPC status message may hold any of them, and one would make the whole report unreadable.
const notXml =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point: XML cannot carry them
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as element content: markup characters escaped, characters XML cannot hold replaced by U+FFFD. */
export function xmlText(text: string): string {
  return text.replace(notXml, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text as a double-quoted attribute value; line breaks and tabs are written as references so parsers keep them. */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}
