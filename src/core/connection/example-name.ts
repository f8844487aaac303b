/** A concrete host a certificate name covers: `*.test.google.fr` → `foo.test.google.fr`, `api*.example.com` → `api.example.com`. */
export function exampleName(pattern: string): string {
  const [first, ...rest] = pattern.split('.');
  return [first === '*' ? 'foo' : first!.replace('*', ''), ...rest].join('.');
}
