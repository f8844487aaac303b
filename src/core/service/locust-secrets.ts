/**
 * Secrets in an exported locustfile: each placeholder SecretReferences filled in becomes a read of an environment
 * variable when the file starts (`export API_TOKEN=...` on every machine that runs it), so the file, and the page that
 * saves it, never hold the secret's value. Every literal of the file is one-line JSON string syntax (pyString), so a
 * placeholder always stands inside a double-quoted string, or in a comment.
 */
import type { SecretReferences } from '../workspace/grpcurl/secret-references';

/** Reads the secrets; defined before the file's own imports, which it does not depend on. */
const secretReader = (
  names: string[],
): string => `# Secrets of the Protodesk environment are read from environment variables: ${names.join(', ')}.
import json as _json
import os as _os


def _secret(name, in_json):
    if name not in _os.environ:
        raise SystemExit("Set the environment variable " + name + " (a secret of the Protodesk environment), then start again.")
    # Inside a request body (JSON text) the value is escaped as a JSON string's characters.
    return _json.dumps(_os.environ[name])[1:-1] if in_json else _os.environ[name]

`;

export function locustSecretReferences(file: string, references: SecretReferences): string {
  const placeholders = references.placeholders;
  if (placeholders.size === 0) return file;
  const alternatives = [...placeholders.keys()].join('|');
  const used = new Set<string>();
  const lines = file.split('\n').map((line) => {
    if (!new RegExp(alternatives).test(line)) return line;
    const comment = line.trimStart().startsWith('#');
    // The request bodies are JSON text inside the string literal: see locust.ts's ITERATIONS.
    const inJson = line.trimStart().startsWith('"messages": [') ? 'True' : 'False';
    return line.replace(new RegExp(alternatives, 'g'), (placeholder) => {
      const name = placeholders.get(placeholder) ?? placeholder;
      used.add(name);
      return comment ? `$${name}` : `" + _secret("${name}", ${inJson}) + "`;
    });
  });
  if (used.size === 0) return file;
  // After the header comment: the reader comes before the first line of code.
  const code = lines.findIndex((line) => line !== '' && !line.startsWith('#'));
  const at = code < 0 ? lines.length : code;
  return [...lines.slice(0, at), secretReader([...used].sort()), ...lines.slice(at)].join('\n');
}
