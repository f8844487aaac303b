import type { CallOptions } from '../../../shared/call';
import type { LoadModel } from '../../../shared/load';
import type { MetadataEntry, SchemaSource, TlsSettings } from '../../../shared/schema';
import { buildMetadata } from '../../connection/metadata';
import { parseTarget } from '../../connection/target';
import { compactJson } from '../../../shared/json-body';
import { shellQuote } from '../../../shared/shell-quote';
import { exportDescriptorSet } from './descriptor-subset';
import { LoadExportError } from './errors';
import type { LoadExportInput } from './export-input';
import { exportScenario, pacedCallers, type ExportScenario } from './export-scenario';
import { requireGrpcProtocol } from './grpc-only';

/** A ghz command line and the files it reads (a .protoset when the schema came from files): ghz-script.ts embeds them. */
export interface GhzExport {
  command: string;
  files: { name: string; bytes: Uint8Array }[];
}

/**
 * The same load test as a ghz v0.120 command for POSIX shells. Bodies and metadata are sent literally (ghz's template
 * data and functions switched off). Schema: a reflection source on the same server leaves ghz to reflect; any other
 * source becomes a .protoset of the method's files (ghz names one --proto only, and the set is exactly what Protodesk
 * loaded). Data rows become a JSON array ghz uses round-robin (unary methods). Left out, as ghz has no flag for them:
 * the user agent and response printing options. Throws LoadExportError for what ghz cannot express (gRPC-Web and
 * Connect among it).
 */
export function ghzCommand(input: LoadExportInput): GhzExport {
  requireGrpcProtocol(input.request, 'ghz');
  const scenario = exportScenario(input);
  const files: GhzExport['files'] = [];
  const words = ['ghz', ...tlsFlags(scenario.tls, scenario.options.authority)];
  if (reflects(input.source, scenario)) {
    const metadata = input.source.kind === 'reflection' ? (input.source.metadata ?? []) : [];
    if (metadata.length > 0) words.push('--reflect-metadata', shellQuote(metadataJson(metadata)));
  } else {
    const name = `${scenario.method.parent.typeName}.protoset`;
    const bodies = scenario.iterations.flatMap((iteration) => iteration.messages);
    files.push({ name, bytes: exportDescriptorSet(input.schema, scenario.method, bodies) });
    words.push('--protoset', shellQuote(name));
  }
  words.push('--call', shellQuote(scenario.path));
  const model = input.plan.model;
  const concurrency =
    model.kind === 'closed' ? model.concurrency : Math.max(pacedCallers(model.rate), scenario.connections);
  // ghz refuses more connections than workers; a connection beyond the users would carry no call anyway.
  const connections = Math.min(scenario.connections, concurrency);
  words.push('-c', String(concurrency), ...modelFlags(model), '--connections', String(connections));
  words.push(...optionFlags(scenario.options));
  words.push('-d', shellQuote(dataJson(scenario)));
  const metadata = scenario.iterations[0]!.metadata;
  if (metadata.length > 0) words.push('-m', shellQuote(metadataJson(metadata)));
  words.push('--disable-template-functions', '--disable-template-data', shellQuote(scenario.target.address));
  return { command: words.join(' '), files };
}

function reflects(source: SchemaSource, scenario: ExportScenario): boolean {
  return source.kind === 'reflection' && parseTarget(source.target).display === scenario.target.display;
}

function tlsFlags(tls: TlsSettings, authority: string | undefined): string[] {
  if (tls.mode === 'plaintext')
    return ['--insecure', ...(authority ? ['--authority', shellQuote(authority)] : [])];
  if (authority) {
    throw new LoadExportError(
      'The request sets an :authority over TLS, which ghz cannot send (its --authority works only in plaintext).',
      'Remove the :authority, or set the TLS server name instead, then export again.',
    );
  }
  const cas = tls.caFiles ?? [];
  if (cas.length > 1) {
    throw new LoadExportError(
      `The request trusts ${cas.length} CA files; ghz takes one.`,
      `Join them into one file (cat ${cas.map(shellQuote).join(' ')} > ca.pem) and use that, then export again.`,
    );
  }
  const words: string[] = [];
  if (tls.insecure) words.push('--skipTLS');
  if (cas.length === 1) words.push('--cacert', shellQuote(cas[0]!));
  if (tls.certFile) words.push('--cert', shellQuote(tls.certFile));
  if (tls.keyFile) words.push('--key', shellQuote(tls.keyFile));
  if (tls.serverName) words.push('--cname', shellQuote(tls.serverName));
  return words;
}

function modelFlags(model: LoadModel): string[] {
  if (model.kind === 'closed') {
    const words: string[] = [];
    if (model.total !== undefined) {
      words.push('-n', String(model.total));
      if (model.durationMs !== undefined) words.push('-x', `${model.durationMs}ms`);
    } else if (model.durationMs !== undefined) words.push('-z', `${model.durationMs}ms`);
    else {
      throw new LoadExportError(
        'The plan runs until it is stopped, which ghz cannot do.',
        'Give it a number of calls or a duration, then export again.',
      );
    }
    return words;
  }
  const words = ['-z', `${model.durationMs + (model.rampMs ?? 0)}ms`];
  if (!model.rampMs) return [...words, '--rps', String(model.rate)];
  // A linear ramp from 0: ghz sets the rate once a second, so second k (from 0) runs at step × (k + ½), the ramp's
  // average over that second, until it reaches the rate and holds it.
  const step = model.rate / (model.rampMs / 1000);
  return [
    ...words,
    '--load-schedule',
    'line',
    '--load-start',
    String(Math.max(1, Math.round(step / 2))),
    '--load-step',
    String(Math.max(1, Math.round(step))),
    '--load-end',
    String(model.rate),
  ];
}

function optionFlags(options: CallOptions): string[] {
  // ghz's own default deadline is 20 s; 0 is none, as in a Protodesk request without one.
  const words = ['--timeout', options.deadlineMs === undefined ? '0' : `${options.deadlineMs}ms`];
  if (options.gzip) words.push('-e');
  if (options.keepaliveTimeMs !== undefined) words.push('--keepalive', `${options.keepaliveTimeMs}ms`);
  if (options.maxSendMessageBytes !== undefined)
    words.push('--max-send-message-size', String(options.maxSendMessageBytes));
  if (options.maxReceiveMessageBytes !== undefined)
    words.push('--max-recv-message-size', String(options.maxReceiveMessageBytes));
  return words;
}

/**
 * ghz's call data: one object for one message; an array for a streaming call's messages, or for data rows of a unary
 * method (ghz sends the array's elements round-robin, one per call).
 */
function dataJson(scenario: ExportScenario): string {
  const { kind, iterations } = scenario;
  const streaming = kind === 'client_stream' || kind === 'bidi';
  if (iterations.length > 1) {
    if (kind !== 'unary') {
      throw new LoadExportError(
        `ghz cannot vary the messages of a ${kind === 'server_stream' ? 'server-streaming' : 'streaming'} method per call, so the data file cannot be exported to it.`,
        'Export to Locust, or run the test with Protodesk (protodesk load --data-file).',
      );
    }
    const metadata = JSON.stringify(iterations[0]!.metadata);
    if (iterations.some((iteration) => JSON.stringify(iteration.metadata) !== metadata)) {
      throw new LoadExportError(
        'The data file fills variables in the metadata, which ghz cannot vary per call.',
        'Use data file variables only in the request body, or export to Locust.',
      );
    }
    return `[${iterations.map((iteration) => compactJson(iteration.messages[0]!)).join(',')}]`;
  }
  const messages = iterations[0]!.messages.map(compactJson);
  return streaming ? `[${messages.join(',')}]` : messages[0]!;
}

/** ghz's metadata: one JSON object of text values, so one value per key and no binary (-bin) values. */
function metadataJson(entries: MetadataEntry[]): string {
  const object: Record<string, string> = {};
  for (const [key, values] of Object.entries(buildMetadata(entries).toJSON())) {
    if (key.endsWith('-bin')) {
      throw new LoadExportError(
        `The metadata key ${key} carries binary values, which ghz cannot send.`,
        'Remove it, or export to Locust, which sends it.',
      );
    }
    if (values.length > 1) {
      throw new LoadExportError(
        `The metadata key ${key} has ${values.length} values; ghz sends one per key.`,
        'Keep one value for it, or export to Locust, which sends them all.',
      );
    }
    object[key] = String(values[0]);
  }
  return JSON.stringify(object);
}
