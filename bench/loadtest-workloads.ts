// The load benchmark's workloads, as both sides run them: what is called, how hard, and what each run gives.

export const IN_FLIGHT = 50;
export const TOTAL = 20_000;
export const RATE = 1_000;
export const RATE_SECONDS = 10;
/** Calls of the server-stream workload, and the messages the server sends on each. */
export const STREAM_CALLS = 2_000;
export const STREAM_MESSAGES = 100;

export type Workload = 'throughput' | 'rate' | 'stream';

/** One run's figures: calls/s, response messages/s, latency percentiles in ms. */
export interface Figures {
  rps: number;
  messagesPerSecond: number;
  /** From each call's scheduled instant (Protodesk's open model) or start (ghz, and any closed-model run). */
  p50: number;
  p99: number;
  /** From each call's actual start: ghz's span (grpc-go's stats Begin, after a worker picked the tick). */
  p50FromStart: number;
  p99FromStart: number;
}

/** The method of each workload, `package.Service/Method`. */
export const methods: Record<Workload, string> = {
  throughput: 'grpc.testing.TestService/EmptyCall',
  rate: 'grpc.testing.TestService/EmptyCall',
  stream: 'grpc.testing.TestService/StreamingOutputCall',
};

/** The request of each workload as canonical JSON: the stream asks for STREAM_MESSAGES responses of 10 bytes. */
export const requests: Record<Workload, object> = {
  throughput: {},
  rate: {},
  stream: { responseParameters: Array.from({ length: STREAM_MESSAGES }, () => ({ size: 10 })) },
};

/**
 * Messages/s computed the same way for both sides: every OK call of the stream workload received exactly
 * STREAM_MESSAGES messages (the interop server sends one per response parameter; Protodesk's own count is checked
 * against this), over the run's wall time.
 */
export function streamMessagesPerSecond(okCalls: number, elapsedMs: number): number {
  return (okCalls * STREAM_MESSAGES) / (elapsedMs / 1000);
}
