import {
  create,
  createFileRegistry,
  fromJson,
  toBinary,
  type FileRegistry,
  type JsonObject,
} from '@bufbuild/protobuf';
import { AnySchema } from '@bufbuild/protobuf/wkt';
import { status } from '@grpc/grpc-js';
import { fileURLToPath } from 'node:url';
import { bundledProtoRoot } from '../../../src/core/schema/bundled/root';
import { protoc } from '../../helpers/protoc';

/** The folder holding rich/errors.proto (what clients load) and rich/secret.proto (what only the server knows). */
export const richProtoRoot = fileURLToPath(new URL('../../fixtures/protos', import.meta.url));

/** One way to fail: the gRPC status, and the google.rpc.Status bytes sent as grpc-status-details-bin. */
export interface RichFailure {
  code: status;
  message: string;
  details: Uint8Array;
}

/** The failure kinds `rich.Errors/Fail` knows, written as google.rpc.Status JSON; encoded by @bufbuild/protobuf. */
const failureJson: Record<string, JsonObject> = {
  'bad-request': {
    code: status.INVALID_ARGUMENT,
    message: 'the request has 2 invalid fields',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [
          { field: 'name', description: 'must not be empty' },
          { field: 'pets[1].age', description: 'must be at least 0', reason: 'NEGATIVE_AGE' },
        ],
      },
    ],
  },
  'error-info': {
    code: status.PERMISSION_DENIED,
    message: 'the Errors API is disabled for this project',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_DISABLED',
        domain: 'rich.example.com',
        metadata: { service: 'rich.example.com', consumer: 'projects/42' },
      },
    ],
  },
  retry: {
    code: status.UNAVAILABLE,
    message: 'try again in a moment',
    details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '1.500s' }],
  },
  custom: {
    code: status.RESOURCE_EXHAUSTED,
    message: 'call quota exceeded',
    details: [
      {
        '@type': 'type.googleapis.com/rich.QuotaBreach',
        resource: 'calls',
        used: '9007199254740993',
        ratio: 0.1,
      },
    ],
  },
  unknown: {
    code: status.ABORTED,
    message: 'the server knows something you do not',
    details: [
      { '@type': 'type.googleapis.com/rich.secret.Hidden', note: 'classified' },
      { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'SECRET', domain: 'rich.example.com' },
    ],
  },
  every: {
    code: status.FAILED_PRECONDITION,
    message: 'every detail type at once',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.DebugInfo',
        stackEntries: ['main.go:12', 'fail.go:7'],
        detail: 'boom',
      },
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          {
            subject: 'project:42',
            description: 'daily limit',
            quotaDimensions: { region: 'eu' },
            quotaValue: '100',
          },
        ],
      },
      {
        '@type': 'type.googleapis.com/google.rpc.PreconditionFailure',
        violations: [{ type: 'TOS', subject: 'user:7', description: 'terms not accepted' }],
      },
      { '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: 'req-1', servingData: 'shard 3' },
      {
        '@type': 'type.googleapis.com/google.rpc.ResourceInfo',
        resourceType: 'book',
        resourceName: 'shelves/1/books/2',
        owner: 'user:7',
        description: 'not found',
      },
      {
        '@type': 'type.googleapis.com/google.rpc.Help',
        links: [{ description: 'Docs', url: 'https://example.com/help' }],
      },
      { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'fr-FR', message: 'Échec' },
    ],
  },
};

let registry: Promise<FileRegistry> | undefined;

/** The server's own registry: the fixture protos plus google/rpc, compiled by the real protoc (not by the code under test). */
export function richRegistry(): Promise<FileRegistry> {
  registry ??= protoc(
    ['rich/errors.proto', 'rich/secret.proto', 'google/rpc/status.proto', 'google/rpc/error_details.proto'],
    [richProtoRoot, bundledProtoRoot()],
  ).then((set) => createFileRegistry(set));
  return registry;
}

/**
 * Every failure by kind: the JSON ones above, plus `bad-detail` (a BadRequest whose bytes are cut short)
 * and `corrupt` (grpc-status-details-bin that is no google.rpc.Status at all).
 */
export async function richFailures(): Promise<Map<string, RichFailure>> {
  const types = await richRegistry();
  const statusDesc = types.getMessage('google.rpc.Status');
  if (!statusDesc) throw new Error('google.rpc.Status is missing from the registry');
  const failures = new Map<string, RichFailure>();
  for (const [kind, json] of Object.entries(failureJson)) {
    const details = toBinary(statusDesc, fromJson(statusDesc, json, { registry: types }));
    failures.set(kind, { code: json.code as status, message: json.message as string, details });
  }
  // Field 1 (field_violations) claims 5 bytes and 2 follow.
  const cut = create(AnySchema, {
    typeUrl: 'type.googleapis.com/google.rpc.BadRequest',
    value: new Uint8Array([0x0a, 0x05, 0x0a, 0x01]),
  });
  const badDetail = create(statusDesc, {
    code: status.INTERNAL,
    message: 'a detail is cut short',
    details: [cut],
  });
  failures.set('bad-detail', {
    code: status.INTERNAL,
    message: 'a detail is cut short',
    details: toBinary(statusDesc, badDetail),
  });
  // Field 2 (message) claims 16 bytes and 1 follows.
  failures.set('corrupt', {
    code: status.DATA_LOSS,
    message: 'the details are garbage',
    details: new Uint8Array([0x08, 0x0f, 0x12, 0x10, 0x61]),
  });
  return failures;
}
