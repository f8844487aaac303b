import {
  create,
  createFileRegistry,
  createRegistry,
  fromBinary,
  toBinary,
  type DescMessage,
  type FileRegistry,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { AnySchema, FileDescriptorSetSchema, type Any } from '@bufbuild/protobuf/wkt';
import type { CallStatus } from '../../shared/call';
import { decodeToJson, typeNameOfUrl, type JsonOptions } from '../schema/json';
import { bundledFiles } from '../schema/proto/bundled-files';

/** What `grpc-status-details-bin` decodes to: the two CallStatus fields, ready to spread into a status. */
export type StatusDetails = Pick<CallStatus, 'details' | 'detailsProblem'>;

/** The decoded google.rpc.Status fields this module reads (the message is dynamic, built from the bundled .proto). */
interface RpcStatus {
  code: number;
  message: string;
  details: Any[];
}

// Dependencies first: google.rpc.Status needs Any, the error details need Duration.
const richFiles = [
  'google/protobuf/any.proto',
  'google/protobuf/duration.proto',
  'google/rpc/status.proto',
  'google/rpc/error_details.proto',
];

let richRegistry: FileRegistry | undefined;
const combinedRegistries = new WeakMap<Registry, Registry>();

/**
 * Decodes `grpc-status-details-bin` as google.rpc.Status to compact canonical JSON (protojson/grpcurl form), e.g.
 * `{"code":3,"message":"bad","details":[{"@type":"type.googleapis.com/google.rpc.BadRequest","fieldViolations":[…]}]}`.
 * Each `Any` detail is decoded through `registry` (the user's schema wins) and google/rpc/error_details.proto.
 * A detail that cannot be decoded (unknown type, corrupt bytes) is kept whole as `{"@type": url, "value": "<base64>"}`
 * and `detailsProblem` says so, one line per such detail. Bytes that are no Status give only `detailsProblem`.
 */
export function decodeStatusDetails(
  registry: Registry,
  bytes: Uint8Array,
  options: JsonOptions = {},
): StatusDetails {
  const rich = loadRichRegistry();
  const statusDesc = rich.getMessage('google.rpc.Status') as DescMessage;
  let status: RpcStatus;
  try {
    // The dynamic message has exactly google.rpc.Status's fields; the cast names them.
    status = fromBinary(statusDesc, bytes) as unknown as RpcStatus;
  } catch (error) {
    return {
      detailsProblem: `grpc-status-details-bin (${bytes.length} bytes) is not a google.rpc.Status: ${reasonOf(error)}`,
    };
  }
  const lookup = statusDetailRegistry(registry);
  const problems: string[] = [];
  const details = status.details.map((detail, index) =>
    decodeDetail(lookup, detail, index, options, problems),
  );
  // code and message go through the same printer as responses; the details, decoded one by one above, are added after.
  const envelope = toBinary(statusDesc, create(statusDesc, { code: status.code, message: status.message }));
  const json = decodeToJson(rich, statusDesc, envelope, options) as JsonObject;
  if (details.length > 0) json.details = details;
  return problems.length > 0
    ? { details: JSON.stringify(json), detailsProblem: problems.join('\n') }
    : { details: JSON.stringify(json) };
}

/** One `Any` as canonical JSON, or, when it cannot be decoded, its type URL and base64 bytes (the reason goes to `problems`). */
function decodeDetail(
  registry: Registry,
  detail: Any,
  index: number,
  options: JsonOptions,
  problems: string[],
): JsonValue {
  const raw = { '@type': detail.typeUrl, value: Buffer.from(detail.value).toString('base64') };
  const kept = `its ${detail.value.length} bytes are shown as base64 in "value"`;
  if (detail.typeUrl === '') {
    problems.push(`details[${index}] has no type URL; ${kept}.`);
    return raw;
  }
  const typeName = typeNameOfUrl(detail.typeUrl);
  if (!registry.getMessage(typeName)) {
    problems.push(
      `details[${index}] is a ${typeName}, which the schema does not define; ${kept} (load the .proto that defines it to see its fields).`,
    );
    return raw;
  }
  try {
    return decodeToJson(registry, AnySchema, toBinary(AnySchema, detail), options);
  } catch (error) {
    problems.push(
      `details[${index}] is a ${typeName} whose bytes do not decode (${reasonOf(error)}); ${kept}.`,
    );
    return raw;
  }
}

/** google/rpc/status.proto and error_details.proto, from the bundled files. */
function loadRichRegistry(): FileRegistry {
  richRegistry ??= createFileRegistry(create(FileDescriptorSetSchema, { file: bundledFiles(richFiles) }));
  return richRegistry;
}

/**
 * The registry status details are read and written with: the user's schema over the always-known google.rpc error
 * details (BadRequest, ErrorInfo, …; later entries win in createRegistry), cached per schema.
 */
export function statusDetailRegistry(user: Registry): Registry {
  let combined = combinedRegistries.get(user);
  if (!combined) {
    combined = createRegistry(loadRichRegistry(), user);
    combinedRegistries.set(user, combined);
  }
  return combined;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
