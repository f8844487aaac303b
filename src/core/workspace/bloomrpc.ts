import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { EnvironmentFile, TlsProfile } from '../../shared/workspace';
import { WorkspaceFileError } from './errors';
import { describeJsonSyntax } from './json-syntax';

/** BloomRPC's TLS entry (`app/behaviour/importCertificates.ts`), as electron-store saved it. */
interface BloomCertificate {
  rootCert?: { fileName?: string; filePath?: string };
  privateKey?: { fileName?: string; filePath?: string };
  certChain?: { fileName?: string; filePath?: string };
  sslTargetHost?: string;
  useServerCertificate?: boolean;
}

/** BloomRPC's environment (`EditorEnvironment`): `metadata` is JSON text of an object of headers. */
interface BloomEnvironment {
  name?: string;
  url?: string;
  metadata?: string;
  interactive?: boolean;
  tlsCertificate?: BloomCertificate;
}

/** What a BloomRPC import yields, ready to be saved as workspace files. */
export interface BloomRpcState {
  environments: { name: string; file: EnvironmentFile }[];
  tlsProfiles: { name: string; profile: TlsProfile }[];
  /** Entries (or parts of them) left out, and why. */
  skipped: string[];
}

/** The files BloomRPC's electron-store keeps in its app data folder. */
const stateFiles = ['environments.json', 'tls.json'];
const variableName = /^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/;

/**
 * Reads BloomRPC's saved state for people moving over. BloomRPC (electron-store) keeps `environments.json`
 * (`{"ENVIRONMENTS": [...]}`) and `tls.json` (`{"certificates": [...]}`) in its app data folder (`~/.config/BloomRPC`,
 * `~/Library/Application Support/BloomRPC`, `%APPDATA%\BloomRPC`); `file` may be that folder or either file (its
 * sibling is read too). Each TLS entry becomes a profile: "server certificate" → system roots; a root certificate →
 * custom CA; with a private key and certificate chain → mutual TLS; `sslTargetHost` → server name. Each environment
 * becomes variables a request refers to as BloomRPC applied them: `target` (its URL) and one variable per metadata
 * header, named after the header (`{{authorization}}`); its TLS entry becomes its TLS profile. Throws
 * WorkspaceFileError when nothing there is BloomRPC's state.
 */
export async function readBloomRpcState(file: string): Promise<BloomRpcState> {
  const isFolder = (await stat(file).catch(() => undefined))?.isDirectory() === true;
  const folder = isFolder ? file : dirname(file);
  const paths =
    isFolder || stateFiles.includes(basename(file)) ? stateFiles.map((name) => join(folder, name)) : [file];
  const documents = (await Promise.all(paths.map((path) => readJson(path, path === file)))).filter(
    (d) => d !== undefined,
  );
  const environments = documents.flatMap((d) => list(d.ENVIRONMENTS)) as BloomEnvironment[];
  const certificates = documents.flatMap((d) => list(d.certificates)) as BloomCertificate[];
  if (!documents.some((d) => Array.isArray(d.ENVIRONMENTS) || Array.isArray(d.certificates))) {
    throw new WorkspaceFileError(
      `${file} holds no BloomRPC environments or TLS certificates.`,
      file,
      'Choose environments.json or tls.json in BloomRPC’s app data folder (~/.config/BloomRPC on Linux, ~/Library/Application Support/BloomRPC on macOS, %APPDATA%\\BloomRPC on Windows).',
    );
  }
  const state: BloomRpcState = { environments: [], tlsProfiles: [], skipped: [] };
  const profileName = profileNamer(state);
  certificates.forEach((certificate, index) => profileName(certificate, `TLS entry ${index + 1}`));
  const environmentNames = new Set<string>();
  environments.forEach((environment, index) => {
    const label =
      typeof environment.name === 'string' ? `Environment "${environment.name}"` : `Environment ${index + 1}`;
    const usable = typeof environment.name === 'string' ? itemName(environment.name) : undefined;
    if (usable === undefined) {
      state.skipped.push(`${label}: it has no usable name.`);
      return;
    }
    const name = uniqueName(usable, environmentNames);
    const file: EnvironmentFile = { variables: variables(environment, label, state.skipped), secrets: [] };
    const tlsProfile = environment.tlsCertificate
      ? profileName(environment.tlsCertificate, `${label}'s TLS entry`)
      : undefined;
    if (tlsProfile !== undefined) file.tlsProfile = tlsProfile;
    state.environments.push({ name, file });
  });
  return state;
}

/** Returns a function that finds or adds the profile for a BloomRPC TLS entry and answers its name (undefined: skipped). */
function profileNamer(
  state: BloomRpcState,
): (certificate: BloomCertificate, label: string) => string | undefined {
  const names = new Set<string>();
  return (certificate, label) => {
    const profile = toProfile(certificate);
    if (profile === undefined) {
      state.skipped.push(
        `${label}: it names no CA certificate file (rootCert), so there is nothing to trust.`,
      );
      return undefined;
    }
    const same = state.tlsProfiles.find((entry) => JSON.stringify(entry.profile) === JSON.stringify(profile));
    if (same) return same.name;
    const name = uniqueName(profileLabel(certificate), names);
    state.tlsProfiles.push({ name, profile });
    return name;
  };
}

function toProfile(certificate: BloomCertificate): TlsProfile | undefined {
  const serverName = certificate.sslTargetHost?.trim()
    ? { serverName: certificate.sslTargetHost.trim() }
    : {};
  if (certificate.useServerCertificate === true) return { mode: 'systemRoots', ...serverName };
  const root = certificate.rootCert?.filePath;
  if (!root) return undefined;
  const cert = certificate.certChain?.filePath;
  const key = certificate.privateKey?.filePath;
  // BloomRPC passed the key and chain to grpc only together with the root certificate; one without the other did nothing.
  if (cert && key) return { mode: 'mutual', caFiles: [root], certFile: cert, keyFile: key, ...serverName };
  return { mode: 'customCa', caFiles: [root], ...serverName };
}

/** BloomRPC lists entries by file name: `ca` for ca.pem, `ca + client` with a client certificate. */
function profileLabel(certificate: BloomCertificate): string {
  if (certificate.useServerCertificate === true) return 'Server Certificate';
  const stem = (file: { fileName?: string; filePath?: string } | undefined): string => {
    const name = file?.fileName || basename(file?.filePath ?? '');
    return name.slice(0, name.length - extname(name).length) || name;
  };
  const client =
    certificate.certChain?.filePath && certificate.privateKey?.filePath
      ? ` + ${stem(certificate.certChain)}`
      : '';
  return itemName(`${stem(certificate.rootCert)}${client}`) ?? 'BloomRPC TLS';
}

/** `target` from the URL, and one variable per metadata header. */
function variables(environment: BloomEnvironment, label: string, skipped: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  const text = environment.metadata?.trim();
  if (text) {
    let metadata: unknown;
    try {
      metadata = JSON.parse(text);
    } catch {
      // Where, not what: metadata holds headers such as authorization tokens.
      skipped.push(
        `${label}: its metadata is not JSON (${describeJsonSyntax(text)}), so no variables were made from it.`,
      );
    }
    if (metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)) {
      for (const [key, value] of Object.entries(metadata)) {
        if (!variableName.test(key) || key === 'target') {
          skipped.push(
            `${label}: the metadata key "${key}" cannot be a variable name (letters, digits, _ . - only; "target" is the URL).`,
          );
        } else {
          result[key] = typeof value === 'string' ? value : JSON.stringify(value);
        }
      }
    } else if (metadata !== undefined) {
      skipped.push(
        `${label}: its metadata is not a JSON object of headers, so no variables were made from it.`,
      );
    }
  }
  if (environment.url?.trim()) result.target = environment.url.trim();
  return result;
}

/** A file-safe name (no / \ : * ? " < > |, no leading dot, trimmed); undefined when nothing is left. */
function itemName(text: string): string | undefined {
  const name = [...text]
    .map((c) => (c < ' ' || '/\\:*?"<>|'.includes(c) ? '-' : c))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100)
    .trim();
  return name === '' ? undefined : name;
}

/** `name`, or `name 2`, `name 3`… when taken; records it. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} ${n}`;
  taken.add(candidate);
  return candidate;
}

/** The parsed JSON object of a state file; a missing sibling is fine, a missing chosen file or bad JSON is an error. */
async function readJson(path: string, chosen: boolean): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (missing && !chosen) return undefined;
    throw new WorkspaceFileError(
      `Cannot read ${path}: ${missing ? 'no such file' : (error as Error).message}.`,
      path,
      'Choose BloomRPC’s environments.json or tls.json.',
    );
  }
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    throw new WorkspaceFileError(
      `${path} is not a BloomRPC environments.json or tls.json (expected JSON; ${describeJsonSyntax(text)}).`,
      path,
      'Choose BloomRPC’s environments.json or tls.json.',
    );
  }
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value.filter((item) => item !== null && typeof item === 'object') : [];
}
