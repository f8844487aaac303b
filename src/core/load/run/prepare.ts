import type { CallRequest } from '../../../shared/call';
import type { LoadPlan } from '../../../shared/load';
import { buildMetadata } from '../../connection/metadata';
import { callMethod } from '../../call/call-method';
import { refuseUnfitConnection } from '../../call/connection-fit';
import { defaultMaxMessageBytes } from '../../call/channel-options';
import { ConnectionCache } from '../../call/connection-cache';
import { encodeRequest } from '../../call/request-encoder';
import { checkSendSize } from '../../call/size-limits';
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
}

/** A load test checked and encoded, ready for the workers. */
export interface PreparedLoad {
  /** `package.Service/Method`. */
  method: string;
  /** The target with its variables filled. */
  target: string;
  call: CallPlan;
  thresholds: Threshold[];
}

/**
 * Checks everything before a call is sent, as a call does (method, request JSON, size, target, TLS, metadata,
 * variables) plus the thresholds and the data file, and encodes each iteration's requests once. Throws CallSetupError,
 * JsonInputError, ConnectionError, UnresolvedVariablesError, ThresholdSyntaxError or DataFileError.
 */
export async function prepareLoad(input: LoadInput, plan: LoadPlan): Promise<PreparedLoad> {
  const { method, kind } = callMethod(input.schema, input.request);
  const thresholds = parseThresholds(plan.thresholds ?? []);
  const rows: DataRow[] = plan.dataFile ? await readDataFile(plan.dataFile) : [new Map()];
  const options = input.request.options ?? {};
  const maxSendBytes = options.maxSendMessageBytes ?? defaultMaxMessageBytes;
  let first: CallRequest | undefined;
  const calls = rows.map((row, index): PreparedCall => {
    const values = row.size === 0 ? input.values : new Map([...input.values, ...row]);
    const resolved = resolveCallRequest(input.request, values, input.environment);
    first ??= resolved;
    try {
      if (resolved.target !== first.target || JSON.stringify(resolved.tls) !== JSON.stringify(first.tls))
        throw new DataFileError(
          `Row ${index + 1} of ${plan.dataFile} gives another ${resolved.target !== first.target ? `target (${resolved.target}, row 1: ${first.target})` : 'TLS server name'}: a load test calls one server.`,
          'Keep the target and TLS settings the same in every row; vary the request body and metadata.',
        );
      const messages = resolved.requests.map((json) =>
        encodeRequest(input.schema.registry, method.input, json),
      );
      messages.forEach((bytes, number) => checkSendSize(bytes, number + 1, maxSendBytes));
      buildMetadata(resolved.metadata);
      return { messages, metadata: resolved.metadata };
    } catch (error) {
      if (!plan.dataFile || error instanceof DataFileError || error instanceof UnresolvedVariablesError)
        throw error;
      throw new DataFileError(`With row ${index + 1} of ${plan.dataFile}: ${(error as Error).message}`);
    }
  });
  const target = first!;
  // Throws ConnectionError for a bad target or unusable TLS files; the workers resolve it again for their channels.
  const connection = await new ConnectionCache().resolve(
    target.target,
    target.tls,
    options,
    input.request.protocol,
  );
  refuseUnfitConnection(connection, kind);
  return {
    method: `${method.parent.typeName}/${method.name}`,
    target: target.target,
    call: {
      target: target.target,
      tls: target.tls,
      ...(input.request.protocol !== undefined ? { protocol: input.request.protocol } : {}),
      options,
      path: `/${method.parent.typeName}/${method.name}`,
      kind,
      messagesPerStream: plan.messagesPerStream ?? 1,
      calls,
    },
    thresholds,
  };
}
