import type { CallStatus } from '../shared/call';
import { grpcGoStatusName } from '../shared/grpc-status';
import { prettyJson } from './call-pretty';

/** grpcurl's error block (`ERROR:\n  Code: ...\n  Message: ...`), plus each decoded detail and the hint. */
export function formatStatusError(status: CallStatus): string {
  let text = `ERROR:\n  Code: ${grpcGoStatusName(status.code)}\n`;
  if (status.httpStatus !== undefined) text += `  HTTP status: ${status.httpStatus}\n`;
  text += `  Message: ${status.message}\n`;
  const details = detailList(status.details);
  if (details.length > 0) {
    text += '  Details:\n';
    details.forEach((detail, i) => {
      const prefix = `  ${i + 1})`;
      text += `${prefix}\t${prettyJson(JSON.stringify(detail), `${' '.repeat(prefix.length)}\t`)}\n`;
    });
  }
  if (status.detailsProblem) text += `  Details: could not be decoded: ${status.detailsProblem}\n`;
  if (status.hint) text += `  Hint: ${status.hint}\n`;
  return text;
}

/**
 * The status as google.rpc.Status JSON (grpcurl's -format-error): code number, message, decoded details; plus
 * `httpStatus` when a gRPC-Web or Connect response failed at the HTTP level.
 */
export function statusJson(status: CallStatus): string {
  const http = status.httpStatus !== undefined ? { httpStatus: status.httpStatus } : {};
  if (status.details) {
    return status.httpStatus === undefined
      ? status.details
      : JSON.stringify({ ...(JSON.parse(status.details) as object), ...http });
  }
  return JSON.stringify(
    status.message ? { code: status.code, message: status.message, ...http } : { code: status.code, ...http },
  );
}

/** The `details` array of the decoded google.rpc.Status JSON; empty when there is none. */
function detailList(details: string | undefined): unknown[] {
  if (!details) return [];
  const parsed = JSON.parse(details) as { details?: unknown[] };
  return Array.isArray(parsed.details) ? parsed.details : [];
}
