import { Metadata } from '@grpc/grpc-js';
import type { MetadataEntry } from '../../shared/schema';
import { ConnectionError, type ConnectionProblem } from './errors';

const keyPattern = /^[0-9a-z_.-]+$/;
// gRPC's ASCII values: printable characters and space only (no control characters, no non-ASCII).
const valuePattern = /^[\x20-\x7e]*$/;
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const base64UrlPattern = /^[A-Za-z0-9_-]*$/;

type Parsed = { ok: true; key: string; value: string | Buffer } | { ok: false; problem: ConnectionProblem };

/**
 * Validates metadata and builds grpc-js Metadata: keys are lowercased (HTTP/2 header names are), several values per key
 * are kept in order, `-bin` values are base64 decoded to bytes. Throws ConnectionError listing every bad entry.
 */
export function buildMetadata(entries: readonly MetadataEntry[]): Metadata {
  if (entries.length === 0) return new Metadata();
  const parsed = entries.map(parseEntry);
  const problems = parsed.flatMap((p) => (p.ok ? [] : [p.problem]));
  if (problems.length > 0) throw new ConnectionError(problems);
  const metadata = new Metadata();
  for (const p of parsed) if (p.ok) metadata.add(p.key, p.value);
  return metadata;
}

/** Checks one entry, numbered as the user sees the rows (1-based). */
function parseEntry({ key, value }: MetadataEntry, index: number): Parsed {
  const row = `Metadata row ${index + 1}`;
  const name = key.trim().toLowerCase();
  const problem = (message: string, hint: string): Parsed => ({
    ok: false,
    problem: { message: `${row}${message}`, hint },
  });
  if (name === '') return problem(' has no key.', 'Give it a key such as authorization, or remove the row.');
  if (!keyPattern.test(name)) {
    return problem(
      `: the key "${key}" is not valid.`,
      'Metadata keys may contain only 0-9 a-z _ . - (letters are lowercased).',
    );
  }
  if (name.startsWith('grpc-')) {
    return problem(
      `: the key "${name}" is reserved by gRPC.`,
      'Keys starting with grpc- are set by gRPC itself; use another name.',
    );
  }
  if (name.endsWith('-bin')) {
    const bytes = decodeBase64(value.trim());
    if (bytes === null) {
      return problem(
        `: the value of "${name}" is not base64.`,
        'Keys ending in -bin carry binary values: write them base64 encoded.',
      );
    }
    return { ok: true, key: name, value: bytes };
  }
  if (!valuePattern.test(value)) {
    return problem(
      `: the value of "${name}" has characters gRPC cannot send.`,
      'Text values may contain printable ASCII only; send binary or non-ASCII data under a key ending in -bin, base64 encoded.',
    );
  }
  return { ok: true, key: name, value };
}

/** Decodes standard or URL-safe base64, padded or not; null when the text is not base64. */
function decodeBase64(text: string): Buffer | null {
  if (base64Pattern.test(text)) return Buffer.from(text, 'base64');
  // Unpadded URL-safe base64 never leaves a single trailing character.
  if (base64UrlPattern.test(text) && text.length % 4 !== 1) return Buffer.from(text, 'base64url');
  return null;
}
