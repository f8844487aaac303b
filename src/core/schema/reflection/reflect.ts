import { Client, connectivityState, status, type ServiceError } from '@grpc/grpc-js';
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt';
import type { MetadataEntry, TlsSettings } from '../../../shared/schema';
import { connectTimeoutProblem } from '../../connection/connect-timeout';
import { channelSecurity, effectiveTls } from '../../tls/credentials';
import { speaksOnlyHttp1 } from '../../tls/http1-only';
import { ConnectionError } from '../../connection/errors';
import { buildMetadata } from '../../connection/metadata';
import { parseTarget } from '../../connection/target';
import { SchemaError } from '../errors';
import { orderByDependencies } from '../file-order';
import { fetchSchema, fetchSymbols } from './fetch';
import { describeFailure, http1Only, notSupported, type FailureContext } from './failure';
import { repairIfLossy } from './lossy-repair';
import { ReflectionStream } from './stream';

/** Options of one reflection: where, how, and how long to wait in total. */
export interface ReflectOptions {
  target: string;
  tls: TlsSettings;
  metadata?: MetadataEntry[];
  /** Total time for the whole conversation, both protocol attempts included; default 10 s. */
  timeoutMs?: number;
}

/** A server's schema as reflection gave it: its exact descriptors (repaired when lossy, see lossy-repair.ts), dependencies first. */
export interface ReflectedSchema {
  files: FileDescriptorProto[];
  services: string[];
  protocol: 'v1' | 'v1alpha';
}

/** How long a whole reflection conversation may take unless told. */
export const defaultReflectTimeoutMs = 10_000;

/** How long the look at a server that refused gRPC may take. */
const http1ProbeMs = 2_000;

const protocols = [
  { protocol: 'v1', path: '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo' },
  { protocol: 'v1alpha', path: '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo' },
] as const;

/** Lists services and fetches every FileDescriptorProto they need (transitively) over gRPC server reflection, v1 then v1alpha. */
export async function reflectSchema(options: ReflectOptions): Promise<ReflectedSchema> {
  return converse(options, async (stream, display, protocol) => {
    const { files, services } = await fetchSchema(stream, display);
    const origin = `The server at ${display}`;
    return { files: orderByDependencies(repairIfLossy(files, origin), origin), services, protocol };
  });
}

/**
 * The files that define `symbols` (full type names), plus those of their imports not in `known`, as the server's
 * reflection gives them; symbols the server does not know are left out.
 */
export async function reflectSymbols(
  options: ReflectOptions,
  symbols: string[],
  known: ReadonlySet<string>,
): Promise<FileDescriptorProto[]> {
  return converse(options, (stream, display) => fetchSymbols(stream, display, symbols, known));
}

/** One reflection conversation: `talk` runs on a v1 stream, again on v1alpha when the server lacks v1; failures become SchemaErrors. */
async function converse<T>(
  options: ReflectOptions,
  talk: (stream: ReflectionStream, display: string, protocol: ReflectedSchema['protocol']) => Promise<T>,
): Promise<T> {
  let context: FailureContext | undefined;
  let client: Client | undefined;
  try {
    const target = parseTarget(options.target);
    const tls = effectiveTls(target, options.tls);
    const security = await channelSecurity(tls);
    const metadata = buildMetadata(options.metadata ?? []);
    const timeoutMs = options.timeoutMs ?? defaultReflectTimeoutMs;
    context = { display: target.display, tls, timeoutMs };
    client = new Client(target.address, security.credentials, security.options);
    const deadline = new Date(Date.now() + timeoutMs);
    for (const { protocol, path } of protocols) {
      const stream = new ReflectionStream(client, path, metadata, deadline);
      try {
        return await talk(stream, target.display, protocol);
      } catch (error) {
        if (!isServiceError(error) || error.code !== status.UNIMPLEMENTED) throw error;
      } finally {
        stream.close();
      }
    }
    throw notSupported(target.display);
  } catch (error) {
    if (context && client && isServiceError(error)) {
      const timedOut = error.code === status.DEADLINE_EXCEEDED && !isReady(client);
      // A gRPC-Web or Connect server on HTTP/1.1: reflection cannot reach it, whatever else the failure says.
      if (
        (timedOut || error.code === status.UNAVAILABLE) &&
        (await speaksOnlyHttp1(context.display, context.tls, http1ProbeMs))
      )
        throw new SchemaError([http1Only(context.display)]);
      // The time ran out before the connection came up: say what listens at the address (a TLS server, something else).
      if (timedOut)
        throw new SchemaError([await connectTimeoutProblem(context.display, context.tls, context.timeoutMs)]);
    }
    throw toSchemaError(error, context);
  } finally {
    client?.close();
  }
}

/** Every failure reaches the caller as a SchemaError, phrased for the user. */
function toSchemaError(error: unknown, context: FailureContext | undefined): SchemaError {
  if (error instanceof SchemaError) return error;
  if (error instanceof ConnectionError) return new SchemaError(error.problems);
  if (isServiceError(error) && context) return new SchemaError([describeFailure(error, context)], error.code);
  const where = context ? ` at ${context.display}` : '';
  return new SchemaError([
    { message: `Reflection failed${where}: ${error instanceof Error ? error.message : String(error)}` },
  ]);
}

function isReady(client: Client): boolean {
  return client.getChannel().getConnectivityState(false) === connectivityState.READY;
}

/** grpc-js call failures carry a status code and trailing metadata. */
function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof Error && typeof (error as Partial<ServiceError>).code === 'number' && 'metadata' in error
  );
}
