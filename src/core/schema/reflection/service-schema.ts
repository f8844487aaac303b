import { SchemaError } from '../errors';
import { orderByDependencies } from '../file-order';
import { methodNameParts } from '../method-name';
import { Schema } from '../schema';
import { looksLossy } from './lossy/detect';
import { performance } from 'node:perf_hooks';
import { defaultReflectTimeoutMs, reflectSchema, reflectSymbols, type ReflectOptions } from './reflect';

/**
 * The schema for calling `method` (`package.Service/Method`, or with a dot before the method) by reflection: only the
 * file that defines its service and that file's imports, as grpcurl asks, instead of every service's file — one round
 * of requests fewer and only those files decoded. Types elsewhere that a call meets in an Any are found by the call
 * engine's own lookup. Whenever that narrow answer is not the whole story — the server does not know the service (a
 * misspelt method, whose error lists every service), serves @grpc/proto-loader's lossy descriptors (which only the
 * whole set can repair), or sends files that do not link on their own — the schema is every service's, as before.
 */
export async function loadServiceSchema(source: ReflectOptions, method: string): Promise<Schema> {
  // A wrong guess at the service only costs the whole set.
  const service = methodNameParts(method)?.service;
  const origin = { kind: 'reflection', target: source.target } as const;
  // One time limit for both conversations, as for the one before.
  const timeoutMs = source.timeoutMs ?? defaultReflectTimeoutMs;
  const started = performance.now();
  if (service !== undefined) {
    const files = await reflectSymbols(source, [service], new Set());
    if (files.length > 0 && !looksLossy(files)) {
      try {
        // Neither's message is shown: files that do not order or link are fetched again, all of them.
        return new Schema(orderByDependencies(files, source.target), origin);
      } catch (error) {
        if (!(error instanceof SchemaError)) throw error;
      }
    }
  }
  const left = Math.max(0, timeoutMs - (performance.now() - started));
  return loadReflectedSchema({ ...source, timeoutMs: left });
}

/** Every service's schema by reflection (reflectSchema's files), as loadSchema gives it without the .proto compiler. */
export async function loadReflectedSchema(source: ReflectOptions): Promise<Schema> {
  return new Schema((await reflectSchema(source)).files, { kind: 'reflection', target: source.target });
}
