/** Mock servers (src/core/mock): what the engine tells every front door about a running mock and its calls. */
import type { JsonValue } from './workspace';

/** The wire protocols a mock answers on its one port. */
export type MockProtocol = 'grpc' | 'grpc-web' | 'grpc-web-text' | 'connect';

/** What a mock does for a call no rule matches: a minimal or a full sample response, or UNIMPLEMENTED. */
export type MockFallback = 'sample' | 'full' | 'unimplemented';

/** A stub file (or one rule in it) that cannot be served, and what to change; the other stubs keep serving. */
export interface MockProblem {
  /** The stub file, as the user named it (relative to the stubs folder when it is inside it). */
  file: string;
  /** 1-based line and column of what is wrong, when it has a place in the file. */
  line?: number;
  column?: number;
  message: string;
  hint: string;
}

/** Which answer a call got: a rule of a stub file, the fallback, or the upstream (record mode). */
export type MockAnswerSource =
  | { kind: 'rule'; file: string; index: number }
  | { kind: 'fallback'; fallback: MockFallback }
  | { kind: 'upstream'; target: string }
  | { kind: 'none' };

/** One call the mock received, as the live log and `--log FILE` (JSON Lines) show it. */
export interface MockLogEntry {
  /** When the call arrived, ISO 8601. */
  time: string;
  /** `pkg.Service/Method`. */
  method: string;
  protocol: MockProtocol;
  /** Request metadata, lower-case names, with credentials (authorization, cookies, tokens, keys) redacted. */
  metadata: Record<string, string[]>;
  /** The request messages, canonical proto3 JSON. */
  requests: JsonValue[];
  answer: MockAnswerSource;
  /** The response messages sent, canonical proto3 JSON. */
  responses: JsonValue[];
  /** The status sent: the code's name (OK, NOT_FOUND, ...) and message. */
  status: { code: string; message: string };
  durationMs: number;
}
