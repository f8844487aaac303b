import type { DescMethod } from '@bufbuild/protobuf';
import type { CallOptions, CallRequest } from '../../../shared/call';
import type { MethodKind, MetadataEntry, TlsSettings } from '../../../shared/schema';
import { encodeRequest } from '../../call/request-encoder';
import { buildMetadata } from '../../connection/metadata';
import { parseTarget, type ParsedTarget } from '../../connection/target';
import { methodKind } from '../../schema/method-tree';
import { effectiveTls } from '../../tls/credentials';
import { LoadExportError } from './errors';
import type { LoadExportInput } from './export-input';

/** Data rows an export embeds at most: beyond this the file or command line grows past what people open and read. */
export const maxExportRows = 1000;

/** One call of the scenario: its metadata and the request messages it sends, as JSON text. */
export interface ExportIteration {
  metadata: MetadataEntry[];
  messages: string[];
}

/** A load test as both exports see it, checked: the method exists, the bodies fit it, the metadata is valid. */
export interface ExportScenario {
  method: DescMethod;
  /** `package.Service/Method` */
  path: string;
  kind: MethodKind;
  target: ParsedTarget;
  tls: TlsSettings;
  options: CallOptions;
  /** HTTP/2 connections the callers share (per process, for tools that run several). */
  connections: number;
  /** One per data row (or just the request), used round-robin. */
  iterations: ExportIteration[];
}

/**
 * Reads the input the way the engine runs it: a call of a client-streaming or bidi method sends `messagesPerStream`
 * messages, cycling through the request's bodies. Throws CallSetupError, ConnectionError or JsonInputError.
 */
export function exportScenario(input: LoadExportInput): ExportScenario {
  const { schema, request, plan } = input;
  const method = schema.method(request.method);
  if (!method) {
    throw new LoadExportError(
      `The schema has no method ${request.method}.`,
      'Pick a method of the loaded schema (package.Service/Method).',
    );
  }
  const kind = methodKind(method);
  const target = parseTarget(request.target);
  const rows = dataRows(input);
  const perCall = kind === 'client_stream' || kind === 'bidi' ? (plan.messagesPerStream ?? 1) : 1;
  const iterations = rows.map((row) => {
    if (row.requests.length === 0) {
      throw new LoadExportError(
        `The request to ${request.method} has no message.`,
        'Write the request body before exporting.',
      );
    }
    buildMetadata(row.metadata);
    const messages = Array.from({ length: perCall }, (_, i) => row.requests[i % row.requests.length]!);
    for (const text of new Set(messages)) encodeRequest(schema.registry, method.input, text);
    return { metadata: row.metadata, messages };
  });
  return {
    method,
    path: `${method.parent.typeName}/${method.name}`,
    kind,
    target,
    tls: effectiveTls(target, request.tls),
    options: request.options ?? {},
    connections: plan.connections ?? 1,
    iterations,
  };
}

function dataRows(input: LoadExportInput): CallRequest[] {
  const { request, plan, rows } = input;
  if (!plan.dataFile) return [request];
  if (!rows || rows.length === 0) {
    throw new LoadExportError(
      `The data file ${plan.dataFile} has no rows to export.`,
      'Add rows to the data file, or export without it.',
    );
  }
  if (rows.length > maxExportRows) {
    throw new LoadExportError(
      `The data file ${plan.dataFile} has ${rows.length} rows; an export embeds at most ${maxExportRows}.`,
      'Export with a shorter data file, or run the whole file with Protodesk (protodesk load --data-file).',
    );
  }
  const fixed = (row: CallRequest): string =>
    JSON.stringify([row.target, row.tls, row.method, row.options ?? {}]);
  if (rows.some((row) => fixed(row) !== fixed(request))) {
    throw new LoadExportError(
      `The data file ${plan.dataFile} fills variables in the target, TLS settings, method or options, which an export cannot vary per call.`,
      'Use data file variables only in the request body and metadata, or run the test with Protodesk.',
    );
  }
  return rows;
}

/**
 * Callers an open model's rate is split over when a tool paces each caller rather than scheduling arrivals: each makes
 * at most 10 calls/s, so the rate holds while calls take under 100 ms.
 */
export function pacedCallers(rate: number): number {
  return Math.max(1, Math.ceil(rate / 10));
}
