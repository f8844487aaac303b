import type { Client, ClientDuplexStream, Metadata, ServiceError } from '@grpc/grpc-js';
import { decodeResponse, encodeRequest, type ReflectionRequest, type ReflectionResponse } from './codec';

interface Waiter {
  resolve: (response: ReflectionResponse) => void;
  reject: (error: Error) => void;
}

/**
 * One ServerReflectionInfo stream. Requests may be pipelined: the server answers them in order, so each response
 * settles the oldest waiting request.
 */
export class ReflectionStream {
  private readonly call: ClientDuplexStream<ReflectionRequest, ReflectionResponse>;
  private readonly waiting: Waiter[] = [];
  private failure: Error | null = null;

  /** Opens the stream on `path` (`/grpc.reflection.v1.ServerReflection/ServerReflectionInfo` or v1alpha). */
  constructor(client: Client, path: string, metadata: Metadata, deadline: Date) {
    this.call = client.makeBidiStreamRequest(
      path,
      (r: ReflectionRequest) => Buffer.from(encodeRequest(r)),
      decodeResponse,
      metadata,
      {
        deadline,
      },
    );
    this.call.on('data', (response: ReflectionResponse) => this.waiting.shift()?.resolve(response));
    this.call.on('error', (error: ServiceError) => this.fail(error));
    this.call.on('end', () =>
      this.fail(new Error('The server closed the reflection stream before answering.')),
    );
  }

  /** Sends one request and resolves with its response; rejects with the stream's ServiceError if the call fails. */
  request(request: ReflectionRequest): Promise<ReflectionResponse> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.call.write(request);
    });
  }

  /** Half-closes the stream and cancels it, so the server frees its side at once. */
  close(): void {
    this.call.end();
    this.call.cancel();
  }

  private fail(error: Error): void {
    // The first failure is the informative one ('error' carries the status; a later 'end' adds nothing).
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure);
  }
}
