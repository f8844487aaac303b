/** How a call of a mock's log reads: which answer it got, and its messages as pretty JSON. */
import type { MockAnswerSource, MockLogEntry } from '../../../shared/mock';
import { grpcStatusCode, isGrpcStatusName } from '../../../shared/grpc-status';

/** `rule 2 of mocks/pkg.Service/Method.json`, `fallback: sample`, `upstream 127.0.0.1:50051`. */
export function answerText(answer: MockAnswerSource, short = false): string {
  switch (answer.kind) {
    case 'rule':
      return short ? `rule ${answer.index + 1}` : `rule ${answer.index + 1} of ${answer.file}`;
    case 'fallback':
      return `fallback: ${answer.fallback}`;
    case 'upstream':
      return `upstream ${answer.target}`;
    case 'none':
      return 'no answer';
  }
}

/** The status's code number for its colour; names outside gRPC's 17 count as unknown (2). */
export function statusCodeOf(entry: MockLogEntry): number {
  return isGrpcStatusName(entry.status.code) ? grpcStatusCode(entry.status.code) : 2;
}

/** Messages as the call dialog shows them: one pretty JSON text each. */
export function prettyMessages(messages: readonly unknown[]): string[] {
  return messages.map((message) => JSON.stringify(message, null, 2));
}

/** Metadata as `name: value` lines, one per value. */
export function metadataLines(metadata: Record<string, string[]>): string[] {
  return Object.entries(metadata).flatMap(([name, values]) => values.map((value) => `${name}: ${value}`));
}
