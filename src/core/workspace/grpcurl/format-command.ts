import { dirname } from 'node:path';
import type { CallOptions, CallRequest } from '../../../shared/call';
import { compactJson } from '../../../shared/json-body';
import type { SchemaSource, TlsSettings } from '../../../shared/schema';
import { effectiveTls } from '../../tls/credentials';
import { parseTarget } from '../../connection/target';
import { slashMethodName } from './method-name';
import { shellQuote } from '../../../shared/shell-quote';

/**
 * A one-line bash command that makes the same call with grpcurl: TLS flags, schema flags, `-H 'key: value'`, options,
 * `-d` with the JSON compact, then the address and the method. The request must already be resolved (no `{{…}}`).
 * Schema: `-proto`/`-import-path` for proto files, `-protoset` for a descriptor set; a proto folder or reflection leaves
 * grpcurl to ask the server (pass the folder's service file as a `protoFiles` source to name it instead).
 * What grpcurl cannot express is left out: gzip, JSON field-name style, the send size limit; and with TLS, an
 * :authority that differs from the server name (grpcurl uses one name for both).
 * Throws ConnectionError when the target cannot be dialled.
 */
export function formatGrpcurlCommand(input: { request: CallRequest; source?: SchemaSource }): string {
  const { request, source } = input;
  const target = parseTarget(request.target);
  const tls = effectiveTls(target, request.tls);
  const words: string[] = ['grpcurl', ...tlsFlags(tls, request.options?.authority), ...schemaFlags(source)];
  for (const { key, value } of request.metadata) words.push('-H', shellQuote(`${key}: ${value}`));
  words.push(...optionFlags(request.options));
  if (request.requests.length > 0) words.push('-d', shellQuote(request.requests.map(compactJson).join(' ')));
  if (target.address.startsWith('unix:')) words.push('-unix', shellQuote(target.display));
  else words.push(shellQuote(target.display));
  words.push(shellQuote(slashMethodName(request.method) ?? request.method));
  return words.join(' ');
}

function tlsFlags(tls: TlsSettings, authority: string | undefined): string[] {
  if (tls.mode === 'plaintext')
    return ['-plaintext', ...(authority ? ['-authority', shellQuote(authority)] : [])];
  const words: string[] = [];
  if (tls.insecure) words.push('-insecure');
  const cas = tls.caFiles ?? [];
  // grpcurl takes one -cacert file: several are concatenated on the fly (bash process substitution).
  if (cas.length === 1) words.push('-cacert', shellQuote(cas[0]!));
  else if (cas.length > 1) words.push('-cacert', `<(cat ${cas.map(shellQuote).join(' ')})`);
  if (tls.certFile) words.push('-cert', shellQuote(tls.certFile));
  if (tls.keyFile) words.push('-key', shellQuote(tls.keyFile));
  if (tls.serverName) words.push('-servername', shellQuote(tls.serverName));
  else if (authority) words.push('-authority', shellQuote(authority));
  return words;
}

function schemaFlags(source: SchemaSource | undefined): string[] {
  switch (source?.kind) {
    case 'protoFiles': {
      // Without import paths each file's folder is its import root, as in protoc and our compiler; grpcurl needs it
      // spelled out (it refuses absolute -proto paths without an -import-path).
      const roots =
        source.importPaths.length > 0
          ? source.importPaths
          : [...new Set(source.files.map((file) => dirname(file)))];
      return [
        ...roots.flatMap((folder) => ['-import-path', shellQuote(folder)]),
        ...source.files.flatMap((file) => ['-proto', shellQuote(file)]),
      ];
    }
    case 'descriptorSet':
      return ['-protoset', shellQuote(source.file)];
    default:
      return [];
  }
}

function optionFlags(options: CallOptions | undefined): string[] {
  if (!options) return [];
  const words: string[] = [];
  if (options.deadlineMs !== undefined) words.push('-max-time', String(options.deadlineMs / 1000));
  if (options.keepaliveTimeMs !== undefined)
    words.push('-keepalive-time', String(options.keepaliveTimeMs / 1000));
  if (options.maxReceiveMessageBytes !== undefined)
    words.push('-max-msg-sz', String(options.maxReceiveMessageBytes));
  if (options.userAgent) words.push('-user-agent', shellQuote(options.userAgent));
  if (options.emitDefaults) words.push('-emit-defaults');
  return words;
}
