import { status, type ServiceError } from '@grpc/grpc-js';
import type { SchemaProblem } from '../../../shared/schema';
import { connectionFailure, type AttemptContext } from '../../connection/failure';
import { SchemaError } from '../errors';

/** What the message about a failed call needs to know about the attempt. */
export interface FailureContext extends AttemptContext {
  timeoutMs: number;
}

/** The error for a server that answers neither reflection protocol. */
export function notSupported(display: string): SchemaError {
  return new SchemaError([
    {
      message: `The server at ${display} does not support gRPC server reflection (tried v1 and v1alpha).`,
      hint: 'Load its .proto files or a descriptor set instead.',
    },
  ]);
}

/** The problem of a server that speaks HTTP/1.1 only: a gRPC-Web or Connect server, out of reflection's reach. */
export function http1Only(display: string): SchemaProblem {
  return {
    message: `The server at ${display} speaks HTTP/1.1 only, and server reflection needs gRPC over HTTP/2.`,
    hint:
      'For a gRPC-Web or Connect server the schema comes from its .proto files or a descriptor set: load those, ' +
      'then call it with the gRPC-Web or Connect protocol (CLI: --protocol grpc-web, grpc-web-text or connect).',
  };
}

/** Turns a failed reflection call into a message and a fix. */
export function describeFailure(error: ServiceError, context: FailureContext): SchemaProblem {
  const { display } = context;
  switch (error.code) {
    case status.UNAVAILABLE:
      return connectionFailure(error.details, context);
    case status.DEADLINE_EXCEEDED:
      // Connected (see reflect.ts for a connection that never came up), so address and TLS are right.
      return {
        message: `The server at ${display} is connected but did not answer reflection within ${context.timeoutMs / 1000} s.`,
        hint: 'Its reflection service may be stuck or very slow: load its .proto files or a descriptor set instead.',
      };
    case status.UNAUTHENTICATED:
      return {
        message: `The server at ${display} refused reflection: unauthenticated (${error.details}).`,
        hint: 'Authentication metadata may be missing or wrong: add it to the connection, e.g. authorization: Bearer <token>.',
      };
    case status.PERMISSION_DENIED:
      return {
        message: `The server at ${display} refused reflection: permission denied (${error.details}).`,
        hint: 'The metadata sent (e.g. authorization) may be missing or not allow reflection on this server.',
      };
    default:
      return {
        message: `Reflection failed at ${display}: ${status[error.code] ?? error.code}: ${error.details}`,
      };
  }
}
