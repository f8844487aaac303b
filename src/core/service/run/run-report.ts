import type { CallStatus } from '../../../shared/call';
import type { AssertionResult, CaptureResult } from '../../../shared/workspace';

/** What one saved request did in a run. */
export interface RequestRunResult {
  /** Workspace-relative path of the request file. */
  path: string;
  collection: string;
  /** Folders between the collection and the file, outermost first. */
  folders: string[];
  /** File name without `.json`. */
  name: string;
  /** `package.Service/Method`; empty when the file could not be read. */
  method: string;
  /** How the call ended; absent when it never started. */
  status?: Pick<CallStatus, 'code' | 'name' | 'message'>;
  /** The call's total time (or, when it never started, the time spent finding that out). */
  durationMs: number;
  assertions: AssertionResult[];
  captures: CaptureResult[];
  /** Why the request could not run (unresolved variable, unknown method, bad TLS profile, unreachable server...). */
  error?: string;
  /** It ran and every assertion held. */
  passed: boolean;
}

/** What `protodesk run` reports. */
export interface RunReport {
  results: RequestRunResult[];
  /** Every request ran and every assertion held. */
  passed: boolean;
  durationMs: number;
}
