import type { CallEvent, CallStatus, CallTimings } from '../../shared/call';
import { parseJsonBody } from '../../shared/json-body';
import type { MetadataEntry } from '../../shared/schema';
import type { AssertionResult, Assertions, Capture, CaptureResult } from '../../shared/workspace';
import { readJsonPath } from './json-path';
import { jsonSubsetMismatch } from './json-subset';

/** What a finished call produced, summarised for history, test reports and the outcome shown in the page. */
export interface RecordedCall {
  status: CallStatus;
  timings: CallTimings;
  headers: MetadataEntry[];
  trailers: MetadataEntry[];
  /** The first `keepMessages` responses, JSON text. */
  messages: string[];
  /** How many responses arrived in all. */
  count: number;
  /** Serialized bytes of all responses. */
  bytes: number;
  assertions: AssertionResult[];
  captures: CaptureResult[];
}

/** How `contains` stands while messages arrive. */
type ContainsState = { matched: true; index: number } | { matched: false; firstMismatch?: string };

const defaultKeepMessages = 20;

/**
 * Follows one call's events in order and, at its end, checks its assertions and takes its captures. Memory stays
 * bounded for any stream: only the first `keepMessages` responses are kept, and `contains` is checked against each
 * message as it arrives (it holds when some message contains the expected JSON). Captures read the first message.
 */
export class CallRecorder {
  private readonly captures: Capture[];
  private readonly assertions: Assertions;
  private readonly keepMessages: number;
  private headers: MetadataEntry[] = [];
  private trailers: MetadataEntry[] = [];
  private readonly messages: string[] = [];
  private firstMessage: string | undefined;
  private count = 0;
  private bytes = 0;
  private contains: ContainsState = { matched: false };
  private end: { status: CallStatus; timings: CallTimings } | undefined;

  constructor(options: { captures?: Capture[]; assertions?: Assertions; keepMessages?: number }) {
    this.captures = options.captures ?? [];
    this.assertions = options.assertions ?? {};
    this.keepMessages = options.keepMessages ?? defaultKeepMessages;
  }

  /** Takes the call's next event. */
  event(event: CallEvent): void {
    switch (event.type) {
      case 'headers':
        this.headers = event.metadata;
        break;
      case 'message':
        this.message(event.json, event.size);
        break;
      case 'trailers':
        this.trailers = event.metadata;
        break;
      case 'status':
        this.end = { status: event.status, timings: event.timings };
        break;
      case 'sent':
        break;
    }
  }

  /** The summary, assertions and captures; throws when the call has not ended (no status event yet). */
  result(): RecordedCall {
    if (!this.end) throw new Error('The call has not ended yet: its result is known after the status event.');
    const { status, timings } = this.end;
    return {
      status,
      timings,
      headers: this.headers,
      trailers: this.trailers,
      messages: [...this.messages],
      count: this.count,
      bytes: this.bytes,
      assertions: this.checkAssertions(status, timings),
      captures: this.captures.map((capture) => this.capture(capture)),
    };
  }

  /** Whether the next message's JSON is needed: history keeps it, a capture reads it, or `contains` is still open. */
  wantsBody(): boolean {
    return (
      this.messages.length < this.keepMessages ||
      (this.assertions.contains !== undefined && !this.contains.matched)
    );
  }

  /** A message whose JSON is not needed (wantsBody said so): counted, as `event` would. */
  unread(size: number): void {
    this.count += 1;
    this.bytes += size;
  }

  private message(json: string, size: number): void {
    if (this.count === 0) this.firstMessage = json;
    if (this.messages.length < this.keepMessages) this.messages.push(json);
    const index = this.count;
    this.count += 1;
    this.bytes += size;
    const expected = this.assertions.contains;
    if (expected === undefined || this.contains.matched) return;
    const mismatch = jsonSubsetMismatch(expected, parseMessage(json));
    if (mismatch === undefined) this.contains = { matched: true, index };
    else this.contains.firstMismatch ??= mismatch;
  }

  private checkAssertions(status: CallStatus, timings: CallTimings): AssertionResult[] {
    const results: AssertionResult[] = [];
    const { status: expectedStatus, contains, maxLatencyMs } = this.assertions;
    if (expectedStatus !== undefined) {
      const passed = status.name === expectedStatus;
      const got = status.message ? `${status.name} (${status.message})` : status.name;
      results.push({
        assertion: 'status',
        passed,
        message: passed ? `status is ${status.name}` : `expected status ${expectedStatus}, got ${got}`,
      });
    }
    if (contains !== undefined) results.push({ assertion: 'contains', ...this.containsResult() });
    if (maxLatencyMs !== undefined) {
      const took = Math.round(timings.totalMs);
      const passed = timings.totalMs <= maxLatencyMs;
      results.push({
        assertion: 'maxLatencyMs',
        passed,
        message: passed
          ? `finished in ${took} ms (limit ${maxLatencyMs} ms)`
          : `took ${took} ms, more than the ${maxLatencyMs} ms allowed`,
      });
    }
    return results;
  }

  private containsResult(): { passed: boolean; message: string } {
    const state = this.contains;
    if (state.matched) {
      const which =
        this.count === 1 ? 'the response' : `response message ${state.index + 1} of ${this.count}`;
      return { passed: true, message: `${which} contains the expected JSON` };
    }
    if (this.count === 0)
      return { passed: false, message: 'expected a response containing the JSON, got no response message' };
    const mismatch = state.firstMismatch ?? 'does not match';
    if (this.count === 1) return { passed: false, message: mismatch };
    return {
      passed: false,
      message: `none of the ${this.count} response messages contains the JSON; first message: ${mismatch}`,
    };
  }

  private capture(capture: Capture): CaptureResult {
    const { variable } = capture;
    if (capture.from === 'body') {
      if (this.firstMessage === undefined)
        return { variable, problem: 'no response message to capture from' };
      const read = readJsonPath(parseMessage(this.firstMessage), capture.path);
      if (!read.found) return { variable, problem: read.problem };
      return { variable, value: typeof read.value === 'string' ? read.value : JSON.stringify(read.value) };
    }
    const entries = capture.from === 'header' ? this.headers : this.trailers;
    const wanted = capture.name.trim().toLowerCase();
    const entry = entries.find((candidate) => candidate.key.toLowerCase() === wanted);
    if (!entry) return { variable, problem: `no ${capture.from} "${capture.name}" in the response` };
    return { variable, value: entry.value };
  }
}

/** A response message as a JSON value (int64 kept exact); text the engine produced is always JSON. */
function parseMessage(json: string): unknown {
  try {
    return parseJsonBody(json);
  } catch {
    return json;
  }
}
