/** protoc's ToJsonName: drop underscores and upper-case the ASCII letter after each. */
export function jsonName(fieldName: string): string {
  let out = '';
  let upperNext = false;
  for (const c of fieldName) {
    if (c === '_') {
      upperNext = true;
    } else if (upperNext) {
      out += c >= 'a' && c <= 'z' ? c.toUpperCase() : c;
      upperNext = false;
    } else {
      out += c;
    }
  }
  return out;
}

/** protoc's MapEntryName: `foo_bar` -> `FooBarEntry`. */
export function mapEntryName(fieldName: string): string {
  let out = '';
  let upperNext = true;
  for (const c of fieldName) {
    if (c === '_') {
      upperNext = true;
    } else if (upperNext) {
      out += c >= 'a' && c <= 'z' ? c.toUpperCase() : c;
      upperNext = false;
    } else {
      out += c;
    }
  }
  return `${out}Entry`;
}
