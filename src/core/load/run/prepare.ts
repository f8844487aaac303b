import type { CallRequest } from '../../../shared/call';
import type { LoadPlan } from '../../../shared/load';
import { withEntries } from '../../../shared/metadata-override';
import type { MetadataEntry } from '../../../shared/schema';
import { callMethod } from '../../call/call-method';
import { newCallSetup, prepareConnection, prepareMessages, type PreparedMessages } from '../../call/prepare';
import type { Schema } from '../../schema/schema';
import { resolveCallRequest, UnresolvedVariablesError } from '../../workspace/variables';
import { parseThresholds, type Threshold } from '../thresholds';
import { DataFileError, readDataFile, type DataRow } from './data-file';
import type { CallPlan, PreparedCall } from './protocol';

/** What a load test runs: a request of the open tab or a saved one, with the variables it may use. */
export interface LoadInput {
  schema: Schema;
  /** May hold `{{variables}}`: filled from each data file row over `values`. */
  request: CallRequest;
  values: ReadonlyMap<string, string>;
  /** The environment the values come from, for the message when one is missing. */
  environment?: string;
  /** Credentials for every call: obtained once before the run, renewed when they near expiry. */
  auth?: LoadAuth;
}

/** A run's credentials: the metadata they add, and when to ask again (ms since the epoch; absent: never). */
export interface LoadCredentials {
  metadata: MetadataEntry[];
  renewAt?: number;
}

/** Where a load test's credentials come from: asked once before the first call and again at each `renewAt`. */
export interface LoadAuth {
  credentials: () => Promise<LoadCredentials>;
}

/** A load test checked and encoded, ready for the workers. */
export interface PreparedLoad {
  /** `package.Service/Method`. */
  method: string;
  /** The target with its variables filled. */
  target: string;
  call: CallPlan;
  thresholds: Threshold[];
  /** The credentials every call starts with, and where renewed ones come from. */
  auth?: { source: LoadAuth; first: LoadCredentials };
}

/**
 * Checks everything before a call is sent, with the checks calls make (call/prepare.ts: method, request JSON with the
 * Any lookup, size, metadata per row; target, TLS and protocol once), plus variables, the thresholds and the data
 * file, and encodes each iteration's requests once. Throws CallSetupError, JsonInputError, ConnectionError,
 * UnresolvedVariablesError, ThresholdSyntaxError or DataFileError.
 */
export async function prepareLoadRun(input: LoadInput, plan: LoadPlan): Promise<PreparedLoad> {
  // The method first, whatever the rows hold (its error names no row).
  const { kind } = callMethod(input.schema, input.request);
  const thresholds = parseThresholds(plan.thresholds ?? []);
  const rows: DataRow[] = plan.dataFile ? await readDataFile(plan.dataFile) : [new Map()];
  // One token for the run, fetched before anything is sent (a refused one stops the run here, saying why).
  const credentials = input.auth && (await input.auth.credentials());
  const setup = newCallSetup();
  let first: CallRequest | undefined;
  let prepared: PreparedMessages | undefined;
  const calls: PreparedCall[] = [];
  for (const [index, row] of rows.entries()) {
    const values = row.size === 0 ? input.values : new Map([...input.values, ...row]);
    const resolved = resolveCallRequest(input.request, values, input.environment);
    first ??= resolved;
    try {
      if (resolved.target !== first.target || JSON.stringify(resolved.tls) !== JSON.stringify(first.tls))
        throw new DataFileError(
          `Row ${index + 1} of ${plan.dataFile} gives another ${resolved.target !== first.target ? `target (${resolved.target}, row 1: ${first.target})` : 'TLS server name'}: a load test calls one server.`,
          'Keep the target and TLS settings the same in every row; vary the request body and metadata.',
        );
      prepared = await prepareMessages(input.schema, resolved, setup);
      calls.push({
        messages: prepared.messages,
        metadata: withEntries(resolved.metadata, credentials?.metadata ?? []),
      });
    } catch (error) {
      if (!plan.dataFile || error instanceof DataFileError || error instanceof UnresolvedVariablesError)
        throw error;
      throw new DataFileError(`With row ${index + 1} of ${plan.dataFile}: ${(error as Error).message}`);
    }
  }
  const target = first!;
  const { method } = prepared!;
  // Throws ConnectionError for a bad target or unusable TLS files; the workers resolve it again for their channels.
  await prepareConnection(target, kind, setup);
  return {
    method: `${method.parent.typeName}/${method.name}`,
    target: target.target,
    call: {
      target: target.target,
      tls: target.tls,
      ...(input.request.protocol !== undefined ? { protocol: input.request.protocol } : {}),
      options: input.request.options ?? {},
      path: `/${method.parent.typeName}/${method.name}`,
      kind,
      messagesPerStream: plan.messagesPerStream ?? 1,
      calls,
    },
    thresholds,
    ...(input.auth && credentials ? { auth: { source: input.auth, first: credentials } } : {}),
  };
}
