/** protoc's ToJsonName: drop underscores and upper-case the ASCII letter after each. */
export function jsonName(fieldName: string): string {
  return camelCase(fieldName, false);
}

/** protoc's MapEntryName: `foo_bar` -> `FooBarEntry`. */
export function mapEntryName(fieldName: string): string {
  return `${camelCase(fieldName, true)}Entry`;
}

/** Drops underscores and upper-cases the ASCII letter after each (and the first one, if asked). */
function camelCase(name: string, upperFirst: boolean): string {
  let out = '';
  let upperNext = upperFirst;
  for (const c of name) {
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
