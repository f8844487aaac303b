import type { DescMethod } from '@bufbuild/protobuf';
import type { CallRequest } from '../../shared/call';
import type { MethodKind } from '../../shared/schema';
import { methodKind } from '../schema/method-tree';
import type { Schema } from '../schema/schema';
import { CallSetupError } from './errors';

/**
 * The request's method and kind, checked before anything is sent: throws CallSetupError when the schema lacks the
 * method, or when a unary or server-streaming request does not hold exactly one message.
 */
export function callMethod(
  schema: Schema,
  request: Pick<CallRequest, 'method' | 'requests'>,
): { method: DescMethod; kind: MethodKind } {
  const method = schema.method(request.method);
  if (!method) {
    throw new CallSetupError(
      `The method ${request.method} is not in the loaded schema.`,
      'Write it as package.Service/Method; `protodesk list` shows the methods the schema has.',
    );
  }
  const kind = methodKind(method);
  const streaming = kind === 'client_stream' || kind === 'bidi';
  if (!streaming && request.requests.length !== 1) {
    throw new CallSetupError(
      `${method.parent.typeName}/${method.name} is ${kind.replace('_', '-')}: it takes exactly one request, got ${request.requests.length}.`,
    );
  }
  return { method, kind };
}
