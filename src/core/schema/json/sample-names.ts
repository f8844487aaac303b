import { ScalarType, type DescField, type JsonValue } from '@bufbuild/protobuf';
import { timestampExample } from './json-wkt';

/** `timestampExample` in Unix seconds, for 64-bit integer time fields. */
const unixExample = String(Date.parse(timestampExample) / 1000);

/** The lower-case words of a field name: `user_email` and `userEmail` both give ["user", "email"]. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
}

/** String examples by what the field name says it holds, first match wins. */
const stringExamples: { holds: (w: string[], last: string) => boolean; example: string }[] = [
  { holds: (w) => w.includes('email') || w.includes('emails'), example: 'user@example.com' },
  {
    holds: (_, last) => ['url', 'urls', 'uri', 'uris', 'link', 'website'].includes(last),
    example: 'https://example.com',
  },
  {
    holds: (_, last) => ['id', 'ids', 'uuid'].includes(last),
    example: '7f3c2a9e-5b1d-4c8e-9a6f-2d4b8e1c0a35',
  },
  { holds: (w, last) => last === 'name' && ['first', 'given'].includes(w[0] ?? ''), example: 'Ada' },
  { holds: (w, last) => last === 'name' && ['last', 'family'].includes(w[0] ?? ''), example: 'Lovelace' },
  { holds: (w, last) => last === 'username' || (last === 'name' && w[0] === 'user'), example: 'ada' },
  // A bare `name` stays as it is: it names a thing (or an API resource) as often as a person.
  {
    holds: (w, last) => last === 'name' && ['full', 'display'].includes(w[0] ?? ''),
    example: 'Ada Lovelace',
  },
  { holds: (w, last) => last === 'date' || w.includes('birthday'), example: timestampExample.slice(0, 10) },
  { holds: (w, last) => isTimeField(w, last), example: timestampExample },
];

function isTimeField(w: string[], last: string): boolean {
  return ['time', 'timestamp', 'datetime', 'at'].includes(last) && w.length > (last === 'at' ? 1 : 0);
}

const int64Types: ScalarType[] = [
  ScalarType.INT64,
  ScalarType.UINT64,
  ScalarType.SINT64,
  ScalarType.FIXED64,
  ScalarType.SFIXED64,
];

/**
 * An example that reads like real data for a scalar field whose name says what it holds (emails, URLs, ids, names,
 * dates and times); undefined for other fields. A `code` in a status message stays 0 (OK): a sample sent as it is
 * must not ask the server to fail.
 */
export function namedExample(field: DescField, scalar: ScalarType): JsonValue | undefined {
  const w = words(field.name);
  const last = w.at(-1) ?? '';
  if (scalar === ScalarType.STRING) return stringExamples.find((e) => e.holds(w, last))?.example;
  const int64 = int64Types.includes(scalar);
  if (
    last === 'code' &&
    field.parent.name.endsWith('Status') &&
    scalar !== ScalarType.BOOL &&
    scalar !== ScalarType.BYTES
  )
    return int64 ? '0' : 0;
  return int64 && isTimeField(w, last) ? unixExample : undefined;
}
