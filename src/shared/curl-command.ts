/**
 * "Copy as curl" for Connect unary calls: a Connect unary call is a plain HTTP POST of the request as JSON, so curl can
 * make it. Pure: the request pane gives the tab's fields and the plain variable values it knows; every other
 * `{{name}}` (a secret) becomes a shell reference such as `"$API_TOKEN"`, so no secret is ever written out.
 */
import type { CallProtocol } from './call';
import type { MetadataEntry, MethodKind, TlsSettings } from './schema';
import { compactJson } from './json-body';
import { shellQuote, shellVariableName } from './shell-quote';
import { jsonPlaceholderSpans, placeholderSpans, type PlaceholderSpan } from './variables';

/** What the command is made of. */
export interface CurlRequest {
  /** The address as typed: `host:port`, `http(s)://host[:port][/prefix]`, `grpc(s)://host:port`, `dns:///host:port`. */
  target: string;
  /** `package.Service/Method`. */
  method: string;
  tls: TlsSettings;
  /** The metadata that is sent (enabled rows). */
  metadata: MetadataEntry[];
  /** The request message as JSON text. */
  body: string;
  /** Plaintext HTTP/2 with prior knowledge. */
  http2: boolean;
  deadlineMs?: number;
  /** Values of plain variables; any other `{{name}}` becomes a shell reference. */
  values: ReadonlyMap<string, string>;
}

/** Why Copy as curl cannot serve a request, or undefined when it can. */
export function curlUnavailable(
  protocol: CallProtocol,
  kind: MethodKind,
  tlsProfile?: string,
): string | undefined {
  if (protocol !== 'connect')
    return 'Copy as curl is for the Connect protocol: choose Connect as the protocol.';
  if (kind !== 'unary')
    return 'Copy as curl covers unary calls only: Connect streams are framed messages curl cannot write.';
  if (tlsProfile !== undefined)
    return `Copy as curl uses the request's own TLS settings, not the TLS profile ${tlsProfile}: choose them in the TLS list to copy.`;
  return undefined;
}

/** A piece of a shell word: literal text, or a shell variable to expand. */
type Piece = string | { variable: string };

/** One shell word from pieces: literal runs single-quoted when needed, variables as `"$NAME"`. */
function shellWord(pieces: Piece[]): string {
  return (
    pieces
      .map((piece) =>
        typeof piece === 'string' ? (piece === '' ? '' : shellQuote(piece)) : `"$${piece.variable}"`,
      )
      .join('') || "''"
  );
}

/** The text with its `{{name}}` spans filled: known values as text (`escape`d), others as shell variables. */
function filled(
  text: string,
  spans: PlaceholderSpan[],
  values: ReadonlyMap<string, string>,
  escape: (value: string) => string = (value) => value,
): Piece[] {
  const pieces: Piece[] = [];
  let literal = '';
  let last = 0;
  for (const span of spans) {
    literal += text.slice(last, span.start);
    const value = values.get(span.name);
    if (value !== undefined) literal += escape(value);
    else {
      pieces.push(literal, { variable: shellVariableName(span.name) });
      literal = '';
    }
    last = span.end;
  }
  pieces.push(literal + text.slice(last));
  return pieces;
}

/** Where the call goes: scheme, host, port and the gateway path prefix. */
interface Endpoint {
  tls: boolean;
  host: string;
  port: string;
  prefix: string;
}

/** The endpoint of a target with its variables filled; a problem when curl cannot reach it. */
function endpointOf(target: string, tls: TlsSettings): Endpoint | { problem: string } {
  if (target.startsWith('unix:')) return { problem: 'Copy as curl does not cover unix socket addresses.' };
  const url = /^(https?|grpcs?):\/\/([^/]+)(\/.*)?$/.exec(target);
  const scheme = url?.[1];
  const hostPort = url ? url[2]! : target.replace(/^dns:\/\/\//, '');
  const secure = scheme === undefined ? tls.mode === 'tls' : scheme === 'https' || scheme === 'grpcs';
  const parts = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(hostPort);
  if (!parts)
    return { problem: `"${target}" is not an address curl can use: write host:port or an http(s):// URL.` };
  // Without a port: the URL scheme's own, else gRPC's default 443.
  const port = parts[2] ?? (scheme === 'http' ? '80' : '443');
  return { tls: secure, host: parts[1]!, port, prefix: (url?.[3] ?? '').replace(/\/+$/, '') };
}

/** The TLS flags of curl for the settings. */
function tlsFlags(tls: TlsSettings): string[] {
  if (tls.mode === 'plaintext') return [];
  const words: string[] = [];
  if (tls.insecure) words.push('-k');
  const cas = tls.caFiles ?? [];
  // curl takes one --cacert file: several are concatenated on the fly (bash process substitution).
  if (cas.length === 1) words.push('--cacert', shellQuote(cas[0]!));
  else if (cas.length > 1) words.push('--cacert', `<(cat ${cas.map(shellQuote).join(' ')})`);
  if (tls.certFile) words.push('--cert', shellQuote(tls.certFile));
  if (tls.keyFile) words.push('--key', shellQuote(tls.keyFile));
  return words;
}

/**
 * A one-line bash command POSTing the request JSON to `<url>/<package.Service>/<Method>` with Connect's headers; or the
 * problem that stops it (an address curl cannot use, a variable in the address the page has no value for).
 */
export function curlCommand(request: CurlRequest): { command: string } | { problem: string } {
  const targetPieces = filled(request.target.trim(), placeholderSpans(request.target.trim()), request.values);
  if (targetPieces.length > 1) {
    const names = placeholderSpans(request.target).filter((span) => !request.values.has(span.name));
    return {
      problem: `The address uses {{${names[0]?.name ?? ''}}}, which has no value here: set it in the environment.`,
    };
  }
  const endpoint = endpointOf(String(targetPieces[0]), request.tls);
  if ('problem' in endpoint) return endpoint;
  const serverName = endpoint.tls && request.tls.mode === 'tls' ? request.tls.serverName : undefined;
  const urlHost = serverName ?? endpoint.host;
  const words = ['curl'];
  if (request.http2 && !endpoint.tls) words.push('--http2-prior-knowledge');
  if (endpoint.tls) words.push(...tlsFlags(request.tls));
  // The certificate is checked against the URL's host: the server name goes in the URL and curl dials the real host.
  if (serverName !== undefined && serverName !== endpoint.host)
    words.push(
      '--connect-to',
      shellQuote(`${serverName}:${endpoint.port}:${endpoint.host}:${endpoint.port}`),
    );
  words.push(
    '-H',
    shellQuote('Content-Type: application/json'),
    '-H',
    shellQuote('Connect-Protocol-Version: 1'),
  );
  if (request.deadlineMs !== undefined)
    words.push('-H', shellQuote(`Connect-Timeout-Ms: ${request.deadlineMs}`));
  for (const { key, value } of request.metadata)
    words.push(
      '-H',
      shellWord(filled(`${key}: ${value}`, placeholderSpans(`${key}: ${value}`), request.values)),
    );
  const body = compactJson(request.body);
  const escapeJson = (value: string): string => JSON.stringify(value).slice(1, -1);
  words.push('--data-raw', shellWord(filled(body, jsonPlaceholderSpans(body), request.values, escapeJson)));
  const url = `${endpoint.tls ? 'https' : 'http'}://${urlHost}:${endpoint.port}${endpoint.prefix}/${request.method}`;
  words.push(shellQuote(url));
  return { command: words.join(' ') };
}
