import { isAbsolute } from 'node:path';
import { maxDurationMs } from '../../../shared/call';
import type { MetadataEntry, SchemaSource } from '../../../shared/schema';
import { parseJsonBody } from '../../../shared/json-body';
import type { GrpcurlImport, JsonValue, SavedOptions, TlsProfile } from '../../../shared/workspace';
import { GrpcurlParseError } from './errors';
import { readGrpcurlArgs, type GrpcurlFlag } from './flags';
import { slashMethodName } from './method-name';
import { shellWords } from './shell-words';

/** Flags that only change what grpcurl prints or writes; a saved request has no use for them. */
const outputOnly = new Set(['v', 'vv', 'format-error', 'msg-template', 'protoset-out', 'proto-out-dir']);
/** Connection tuning a saved request does not carry (Protodesk's defaults apply). */
const notSaved: Record<string, string> = {
  'connect-timeout': 'the connection timeout',
  'keepalive-time': 'keepalive',
  'max-msg-sz': 'the response size limit (Protodesk accepts 64 MiB)',
  'user-agent': 'the user agent',
  'allow-unknown-fields': 'unknown request fields (Protodesk reports them instead of dropping them)',
};

/**
 * Turns a pasted grpcurl command (with or without the leading `grpcurl`, over several lines with `\`, quoted as in bash)
 * into a request, its schema source and TLS profile. Shell variables (`$TOKEN`, `${HOST}`) become `{{TOKEN}}` variables.
 * Flags a saved request cannot hold are listed in `warnings`; a command that cannot become a request throws
 * GrpcurlParseError naming the flag and what to do.
 */
export function parseGrpcurlCommand(command: string): GrpcurlImport {
  const words = shellWords(command);
  if (words[0]?.text === '$') words.shift(); // a copied prompt
  if (words[0] !== undefined && /(^|[/\\])grpcurl(\.exe)?$/.test(words[0].text)) words.shift();
  const { flags, positionals } = readGrpcurlArgs(words, fail);
  const warnings: string[] = [];
  const variables = new Set(words.flatMap((word) => word.variables));
  const all = (name: string): GrpcurlFlag[] => flags.filter((flag) => flag.name === name);
  const last = (name: string): string | undefined => all(name).pop()?.value;
  const on = (name: string): boolean => last(name) === 'true';

  const about = ['help', 'version'].find(on);
  if (about !== undefined)
    fail(`-${about} shows grpcurl's own ${about}: paste a command that calls a method.`);
  if (
    on('alts') ||
    last('alts-handshaker-service') !== undefined ||
    last('alts-target-service-account') !== undefined
  ) {
    fail('-alts (Google Cloud ALTS) is not supported: use TLS (-cacert, -cert, -key) or -plaintext.');
  }
  for (const flag of new Set(flags.map((f) => f.name))) {
    if (outputOnly.has(flag)) warnings.push(`-${flag} only changes grpcurl's output; not kept.`);
    const what = notSaved[flag];
    if (what !== undefined) warnings.push(`-${flag} is not kept: a saved request does not carry ${what}.`);
  }

  const { target, method } = addressAndMethod(positionals, on('unix'));
  const data = last('d');
  const format = last('format') ?? 'json';
  if (format !== 'json') {
    if (format !== 'text') fail(`-format must be json or text; got "${format}".`);
    if (data !== undefined)
      fail(
        '-format text: the request data is protobuf text, which Protodesk does not read. Write -d as JSON and drop -format.',
      );
  }
  const relativePaths: string[] = [];
  const path = (flag: string, file: string): string => {
    if (!isAbsolute(file) && !file.includes('{{')) relativePaths.push(`-${flag} ${file}`);
    return file;
  };

  const options: SavedOptions = {};
  const maxTime = last('max-time');
  if (maxTime !== undefined) options.deadlineMs = milliseconds(maxTime);
  if (on('emit-defaults')) options.emitDefaults = true;

  const source = schemaSource(all, path, warnings);
  const tlsProfile = profile(last, on, path, warnings);
  if (tlsProfile === undefined && last('authority') !== undefined) {
    warnings.push(
      `-authority ${last('authority')} is not kept: a plaintext request uses its target as :authority.`,
    );
  }
  if (all('reflect-header').length > 0) {
    warnings.push(
      '-reflect-header is not kept: server reflection is set up with the schema source, not the request.',
    );
  }
  if (relativePaths.length > 0) {
    warnings.push(
      `Relative paths were relative to the folder the command ran in: ${relativePaths.join(', ')}. Check them in the imported source and TLS profile.`,
    );
  }
  if (variables.size > 0) {
    warnings.push(
      `Shell variables became Protodesk variables: ${[...variables].map((v) => `{{${v}}}`).join(', ')}. Define them in an environment.`,
    );
  }

  const request: GrpcurlImport['request'] = {
    method,
    target,
    metadata: headers([...all('H'), ...all('rpc-header')], on('expand-headers')),
    body: data === undefined ? {} : body(data),
  };
  if (Object.keys(options).length > 0) request.options = options;
  return {
    request,
    ...(source ? { source } : {}),
    ...(tlsProfile ? { tlsProfile } : {}),
    warnings,
  };
}

/** The address and the method from the positional arguments. */
function addressAndMethod(positionals: string[], unix: boolean): { target: string; method: string } {
  const [address, method, ...extra] = positionals;
  if (address === 'list' || address === 'describe' || method === 'list' || method === 'describe') {
    fail(
      `This command ${method === 'describe' || address === 'describe' ? 'describes' : 'lists'} services; paste one that calls a method (grpcurl [flags] host:port package.Service/Method).`,
    );
  }
  if (address === undefined)
    fail('The command names no server address: grpcurl [flags] host:port package.Service/Method.');
  if (method === undefined) fail(`The command names no method after ${address}: add package.Service/Method.`);
  if (extra.length > 0)
    fail(
      `The command has more arguments than an address and a method: ${extra.join(' ')}. Flags go before the address.`,
    );
  const target = unix ? `unix:${isAbsolute(address) ? '//' : ''}${address}` : address;
  return { target, method: methodName(method) };
}

/** The method in Protodesk's form; grpcurl also accepts `pkg.Service.Method`. */
function methodName(text: string): string {
  return (
    slashMethodName(text) ??
    fail(
      `"${text}" is not a method: write package.Service/Method (grpcurl host:port list shows the services).`,
    )
  );
}

/** -max-time is seconds, fractions allowed, up to the longest deadline a timer can wait. */
function milliseconds(seconds: string): number {
  const value = Number(seconds.trim());
  if (!/^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(seconds) || !(value > 0) || value * 1000 > maxDurationMs) {
    fail(
      `-max-time must be a positive number of seconds (e.g. 2.5) up to ${Math.floor(maxDurationMs / 1000)}; got "${seconds}".`,
    );
  }
  return Math.max(1, Math.round(value * 1000));
}

/** -H and -rpc-header values (`name: value`); with -expand-headers, `${NAME}` becomes the variable `{{NAME}}`. */
function headers(flags: GrpcurlFlag[], expand: boolean): MetadataEntry[] {
  return flags.map(({ name, value }) => {
    const colon = value.indexOf(':');
    if (colon <= 0) fail(`-${name} "${value}" must look like "name: value".`);
    const text = value.slice(colon + 1).trim();
    return {
      key: value.slice(0, colon).trim().toLowerCase(),
      value: expand ? text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '{{$1}}') : text,
    };
  });
}

/** The request body from -d: one JSON value (the first message of a stream). */
function body(data: string): JsonValue {
  if (data.trim() === '@') {
    fail(
      "-d @ reads the request from standard input, which a pasted command does not carry: put the JSON in -d '{…}' instead.",
    );
  }
  if (data.trim() === '') return {};
  try {
    return parseJsonBody(data);
  } catch (error) {
    return fail(
      `-d is not one JSON value (${(error as Error).message}). Paste the request as JSON; for a stream, keep the first message.`,
    );
  }
}

/** -proto / -import-path / -protoset → a schema source; none: server reflection. */
function schemaSource(
  all: (name: string) => GrpcurlFlag[],
  path: (flag: string, file: string) => string,
  warnings: string[],
): SchemaSource | undefined {
  const importPaths = all('import-path').map((flag) => path('import-path', flag.value));
  const protos = all('proto').map((flag) =>
    importPaths.length > 0 ? flag.value : path('proto', flag.value),
  );
  const protosets = all('protoset').map((flag) => path('protoset', flag.value));
  if (protos.length > 0 && protosets.length > 0)
    fail('Use either -proto or -protoset, not both (grpcurl refuses both too).');
  if (protosets.length > 1) {
    warnings.push(
      `Only the first -protoset is kept (${protosets[0]}); add the others as sources of their own.`,
    );
  }
  if (all('use-reflection').pop()?.value === 'true' && (protos.length > 0 || protosets.length > 0)) {
    warnings.push('-use-reflection is not kept: Protodesk takes the schema from the files given.');
  }
  if (protos.length > 0) return { kind: 'protoFiles', files: protos, importPaths };
  if (importPaths.length > 0) warnings.push('-import-path is not kept: it is used only with -proto files.');
  if (protosets[0] !== undefined) return { kind: 'descriptorSet', file: protosets[0] };
  return undefined;
}

/** The TLS flags → a profile; undefined for -plaintext. grpcurl uses TLS with the system roots when no flag says otherwise. */
function profile(
  last: (name: string) => string | undefined,
  on: (name: string) => boolean,
  path: (flag: string, file: string) => string,
  warnings: string[],
): TlsProfile | undefined {
  const [cacert, cert, key, servername, authority] = ['cacert', 'cert', 'key', 'servername', 'authority'].map(
    last,
  );
  if (on('plaintext')) {
    const tlsFlag = [
      on('insecure') && 'insecure',
      cacert && 'cacert',
      cert && 'cert',
      key && 'key',
      servername && 'servername',
    ].find(Boolean);
    if (tlsFlag) fail(`-plaintext turns TLS off, so -${tlsFlag} cannot be used with it: drop one of them.`);
    return undefined;
  }
  if ((cert === undefined) !== (key === undefined))
    fail('-cert and -key go together: mutual TLS needs both the client certificate and its key.');
  if (servername !== undefined && authority !== undefined && servername !== authority) {
    fail(
      `-servername ${servername} and -authority ${authority} differ (grpcurl refuses that too): keep one.`,
    );
  }
  const serverName = servername ?? authority;
  const insecure = on('insecure');
  if (insecure && cacert !== undefined)
    warnings.push(`-cacert ${cacert} is not kept: -insecure accepts any server certificate.`);
  if (insecure && serverName !== undefined)
    warnings.push(`The server name ${serverName} is not kept: -insecure checks no name.`);
  const mode: TlsProfile['mode'] = insecure
    ? 'insecure'
    : cert !== undefined
      ? 'mutual'
      : cacert !== undefined
        ? 'customCa'
        : 'systemRoots';
  return {
    mode,
    ...(cacert !== undefined && !insecure ? { caFiles: [path('cacert', cacert)] } : {}),
    ...(cert !== undefined ? { certFile: path('cert', cert) } : {}),
    ...(key !== undefined ? { keyFile: path('key', key) } : {}),
    ...(serverName !== undefined && !insecure ? { serverName } : {}),
  };
}

function fail(message: string): never {
  throw new GrpcurlParseError(message);
}
