/** The parts of a method name as users write it: `package.Service/Method`, `package.Service.Method`, a leading `/` allowed. */
export function methodNameParts(name: string): { service: string; method: string } | undefined {
  const match = /^\/?(.+)[/.]([^/.]+)$/.exec(name);
  return match ? { service: match[1] ?? '', method: match[2] ?? '' } : undefined;
}
