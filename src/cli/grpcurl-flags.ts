/** grpcurl spells long flags with one dash (`-plaintext`); these are the ones Protodesk shares with it. */
const GRPCURL_LONG_FLAGS = new Set([
  'plaintext',
  'insecure',
  'cacert',
  'cert',
  'key',
  'servername',
  'authority',
  'proto',
  'protoset',
  'protoset-out',
  'import-path',
  'reflect-header',
  'connect-timeout',
  'rpc-header',
  'max-time',
  'emit-defaults',
  'format',
  'format-error',
  'max-msg-sz',
  'user-agent',
  'keepalive-time',
]);

/** Rewrites grpcurl-style `-flag` / `-flag=value` into `--flag`, so commands copied from grpcurl run unchanged. */
export function normalizeGrpcurlFlags(args: readonly string[]): string[] {
  return args.map((arg) => {
    const match = /^-([a-z][a-z-]+)(=.*)?$/.exec(arg);
    return match && GRPCURL_LONG_FLAGS.has(match[1] ?? '') ? `-${arg}` : arg;
  });
}
