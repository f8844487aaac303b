/** How grpcurl (v1.9.4, Go's flag package) reads a flag: a switch, or one that takes a value. */
export type GrpcurlFlagKind = 'bool' | 'value';

/** Every flag of grpcurl v1.9.4 (`cmd/grpcurl/grpcurl.go`, `unix.go`). */
export const grpcurlFlags: Readonly<Record<string, GrpcurlFlagKind>> = {
  help: 'bool',
  version: 'bool',
  plaintext: 'bool',
  insecure: 'bool',
  cacert: 'value',
  cert: 'value',
  key: 'value',
  alts: 'bool',
  'alts-handshaker-service': 'value',
  'alts-target-service-account': 'value',
  'expand-headers': 'bool',
  authority: 'value',
  'user-agent': 'value',
  d: 'value',
  format: 'value',
  'allow-unknown-fields': 'bool',
  'connect-timeout': 'value',
  'format-error': 'bool',
  'keepalive-time': 'value',
  'max-time': 'value',
  'max-msg-sz': 'value',
  'emit-defaults': 'bool',
  'protoset-out': 'value',
  'proto-out-dir': 'value',
  'msg-template': 'bool',
  v: 'bool',
  vv: 'bool',
  servername: 'value',
  H: 'value',
  'rpc-header': 'value',
  'reflect-header': 'value',
  protoset: 'value',
  proto: 'value',
  'import-path': 'value',
  'use-reflection': 'bool',
  unix: 'bool',
};

/** One flag as written: its name and value (`true`/`false` for switches), plus the shell variables the value used. */
export interface GrpcurlFlag {
  name: string;
  value: string;
  variables: string[];
}

/** The words of a grpcurl command sorted into flags and positional arguments (address, method). */
export interface GrpcurlArgs {
  flags: GrpcurlFlag[];
  positionals: string[];
}

// Go's strconv.ParseBool, which flag uses for `-name=value` switches.
const goBools: Record<string, boolean> = {
  '1': true,
  t: true,
  T: true,
  true: true,
  TRUE: true,
  True: true,
  '0': false,
  f: false,
  F: false,
  false: false,
  FALSE: false,
  False: false,
};

/**
 * Reads flags as Go's flag package does (`-name`, `--name`, `-name=value`, `-name value`; a switch takes a value only
 * with `=`), but anywhere on the line: people move flags after the address when they edit commands by hand.
 * `throwUsage` builds the error for a flag that cannot be read.
 */
export function readGrpcurlArgs(
  words: readonly { text: string; variables: string[] }[],
  throwUsage: (message: string) => never,
): GrpcurlArgs {
  const args: GrpcurlArgs = { flags: [], positionals: [] };
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const match = /^--?([^=-][^=]*)(?:=([\s\S]*))?$/.exec(word.text);
    if (!match) {
      args.positionals.push(word.text);
      continue;
    }
    const name = match[1]!;
    const kind = grpcurlFlags[name];
    if (kind === undefined) {
      throwUsage(`grpcurl has no flag -${name}: check its spelling (grpcurl -help lists the flags).`);
    }
    let value = match[2];
    let variables = word.variables;
    if (kind === 'bool') {
      const parsed = goBools[value ?? 'true'];
      if (parsed === undefined)
        throwUsage(`-${name} is a switch: write -${name} or -${name}=false, not -${name}=${value}.`);
      value = String(parsed);
    } else if (value === undefined) {
      const next = words[i + 1];
      if (next === undefined) throwUsage(`-${name} needs a value after it.`);
      value = next.text;
      variables = next.variables;
      i++;
    }
    args.flags.push({ name, value, variables });
  }
  return args;
}
