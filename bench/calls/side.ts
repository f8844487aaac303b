/** One way of calling the benchmark's servers: the engine, or a bare grpc-js client. */
export interface CallSide {
  readonly name: string;
  /** One grpc.testing.TestService/EmptyCall; rejects unless it ends OK. */
  emptyCall(): Promise<void>;
  /** GetVectors for `count` vectors, turned into JSON text; resolves with that text. */
  vectorsJson(count: number): Promise<string>;
  /** GetVectorStream for `count` vectors; resolves with the number of messages received. */
  streamVectors(count: number): Promise<number>;
  close(): void;
}

/** The request both sides send for the vectors workloads. */
export const vectorsRequest = (count: number) => ({ seed: 42, numberOfVectors: count });
