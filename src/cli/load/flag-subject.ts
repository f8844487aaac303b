import type { Readable } from 'node:stream';
import type { CallRequest } from '../../shared/call';
import { openRequestInput, readAllRequests } from '../call-input';
import {
  callMetadata,
  callOptionsFromFlags,
  callProtocol,
  callTls,
  type RequestFlags,
} from '../call-options';
import { prepareLoad } from '../../core/service/use-cases/prepare-load';
import { prepareFlagCall } from '../flag-call';
import { loadFlagSchema } from '../schema-load';
import { schemaSourceFromFlags } from '../schema-options';
import { UsageError } from '../usage-error';
import type { CliAuth } from '../cli-auth';
import { loadAuthSource, type LoadSubject } from './load-subject';

/**
 * The request `protodesk load <target> <method>` sends, from the same flags as `protodesk call`: schema, TLS, metadata,
 * options and the one request body of -d (`{}` without it). The body may hold `{{variables}}` that --data-file fills.
 */
export async function flagSubject(
  target: string,
  methodName: string,
  flags: RequestFlags,
  stdin: () => Readable,
  auth: CliAuth,
): Promise<LoadSubject> {
  const source = schemaSourceFromFlags(flags, target);
  const protocol = callProtocol(flags);
  const asTyped: CallRequest = {
    target,
    tls: callTls(flags, target),
    method: methodName,
    metadata: callMetadata(flags),
    requests: [await requestBody(flags.data, stdin)],
    ...(protocol !== undefined ? { protocol } : {}),
    options: callOptionsFromFlags(flags),
  };
  // Reflection takes the auth too, and its token is the run's (one Authorizer).
  const schema = await loadFlagSchema(source, auth.given ? (metadata) => auth.apply(metadata) : undefined);
  const { request } = prepareFlagCall(schema, asTyped);
  return prepareLoad({ kind: 'request', schema, request, source, auth: loadAuthSource(auth) });
}

/** The one JSON value of -d: every call sends it (a client or bidi stream sends it --messages times). */
async function requestBody(data: string | undefined, stdin: () => Readable): Promise<string> {
  const input = await openRequestInput(data, stdin);
  const values = await readAllRequests(input);
  if (values.length > 1) {
    throw new UsageError(
      `load sends the same request in every call, but ${input.name} holds ${values.length} JSON values. Give one; to vary it per call, put {{variables}} in it and their values in --data-file.`,
    );
  }
  return values[0]?.text ?? '{}';
}
