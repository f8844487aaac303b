/**
 * grpc's interop test cases (grpc/grpc doc/interop-test-descriptions.md), driven through Protodesk's call engine, with
 * the assertions each description demands. Reusable against any server that implements grpc.testing.TestService.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { CallEvent, CallOptions, CallProtocol, CallRequest, CallStatus } from '../../src/shared/call';
import type { MetadataEntry, TlsSettings } from '../../src/shared/schema';
import { callAndCollect } from '../helpers/collect-call';
import type { CallEngine, CallSession } from '../../src/core/call/engine';
import { loadSchema } from '../../src/core/schema/load';
import type { Schema } from '../../src/core/schema/schema';

/** Where a case runs: the engine, the interop schema, and the server. */
export interface InteropTarget {
  engine: CallEngine;
  schema: Schema;
  target: string;
  tls: TlsSettings;
  /** Absent: gRPC. */
  protocol?: CallProtocol;
  /** Options every call takes (e.g. `http2` for gRPC-Web over h2c). */
  options?: CallOptions;
  /**
   * HTTP/1.1 carries no client or bidi streams: the cases with a bidi leg beside a unary one run the unary leg only,
   * and timeout_on_sleeping_server sleeps in a server stream.
   */
  halfDuplex?: boolean;
}

/** Loads grpc's interop protos (test/fixtures/protos/grpc/testing) as a schema. */
export function loadInteropSchema(): Promise<Schema> {
  const root = fileURLToPath(new URL('../fixtures/protos/', import.meta.url));
  return loadSchema({
    kind: 'protoFiles',
    files: [join(root, 'grpc/testing/test.proto')],
    importPaths: [root],
  });
}

export const SERVICE = 'grpc.testing.TestService';
export const LARGE_REQUEST = 271828;
export const LARGE_RESPONSE = 314159;
const REQUEST_SIZES = [27182, 8, 1828, 45904];
export const RESPONSE_SIZES = [31415, 9, 2653, 58979];
export const ECHO_INITIAL: MetadataEntry = {
  key: 'x-grpc-test-echo-initial',
  value: 'test_initial_metadata_value',
};
/** 0xababab, written as base64 the way -bin metadata is typed. */
export const ECHO_TRAILING: MetadataEntry = {
  key: 'x-grpc-test-echo-trailing-bin',
  value: Buffer.from([0xab, 0xab, 0xab]).toString('base64'),
};
export const STATUS_MESSAGE = 'test status message';
export const SPECIAL_MESSAGE = '\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n';
/** How long the sleeping server waits before its response on HTTP/1.1 (timeout_on_sleeping_server), in µs. */
export const SLEEP_US = 2_000_000;

/** `size` zero bytes as canonical JSON writes bytes fields: base64. */
export const zeros = (size: number): string => Buffer.alloc(size).toString('base64');

/** A request payload of `size` zero bytes. */
export const payload = (size: number): { body: string } => ({ body: zeros(size) });

/** The request as the engine takes it. */
function request(
  t: InteropTarget,
  method: string,
  requests: unknown[],
  extra: { metadata?: MetadataEntry[]; options?: CallOptions } = {},
): CallRequest {
  const options = { ...t.options, ...extra.options };
  return {
    target: t.target,
    tls: t.tls,
    method: `${SERVICE}/${method}`,
    metadata: extra.metadata ?? [],
    requests: requests.map((r) => JSON.stringify(r)),
    ...(t.protocol ? { protocol: t.protocol } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** Asserts a response's payload is `size` zero bytes and that the response holds nothing else (the golden response). */
function expectZeroPayload(json: string | undefined, size: number): void {
  expect(json).toBeDefined();
  const message = JSON.parse(json!) as { payload?: { body?: string } };
  const body = Buffer.from(message.payload?.body ?? '', 'base64');
  expect(body.length).toBe(size);
  // COMPRESSABLE is the enum's zero value, so canonical JSON leaves it out: the golden response is exactly this.
  expect(message).toEqual({ payload: { body: zeros(size) } });
}

const CODES: Record<string, number> = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  DEADLINE_EXCEEDED: 4,
  UNIMPLEMENTED: 12,
};

/** Asserts the status code (by name) and, where the description demands it, the message; returns the status. */
function expectStatus(status: CallStatus, name: string, message?: string): CallStatus {
  expect({ name: status.name, code: status.code }).toEqual({ name, code: CODES[name] });
  if (message !== undefined) expect(status.message).toBe(message);
  return status;
}

/** A started call whose events are kept, with a way to wait for the n-th response. */
interface Watched {
  session: CallSession;
  events: CallEvent[];
  /** Resolves with the JSON of response `index` (0-based) once it has arrived. */
  message: (index: number) => Promise<string>;
}

async function watch(t: InteropTarget, req: CallRequest): Promise<Watched> {
  const events: CallEvent[] = [];
  const waiters = new Map<number, (json: string) => void>();
  const session = await t.engine.start(t.schema, req, (event) => {
    events.push(event);
    if (event.type === 'message') waiters.get(event.index)?.(event.json);
  });
  const message = (index: number): Promise<string> => {
    const arrived = events.find(
      (e): e is Extract<CallEvent, { type: 'message' }> => e.type === 'message' && e.index === index,
    );
    if (arrived) return Promise.resolve(arrived.json);
    // A call that ends first would leave the wait hanging: fail with its status instead.
    return Promise.race([
      new Promise<string>((resolve) => waiters.set(index, resolve)),
      session.done.then((end) =>
        Promise.reject(
          new Error(
            `The call ended (${end.status.name}: ${end.status.message}) before response ${index + 1}.`,
          ),
        ),
      ),
    ]);
  };
  return { session, events, message };
}

const messagesOf = (events: CallEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'message' ? [e.json] : []));

/** The 14 cases, by their interop names; each resolves with the final status of its (last) call. */
export const interopCases = {
  /** Zero-size messages both ways: the sizes the engine reports are the real serialized sizes, 0. */
  async empty_unary(t: InteropTarget): Promise<CallStatus> {
    const result = await callAndCollect(t.engine, t.schema, request(t, 'EmptyCall', [{}]));
    expect(result.messages).toEqual(['{}']);
    expect(result.timings).toMatchObject({
      messagesSent: 1,
      messagesReceived: 1,
      bytesSent: 0,
      bytesReceived: 0,
    });
    return expectStatus(result.status, 'OK');
  },

  async large_unary(t: InteropTarget): Promise<CallStatus> {
    const result = await callAndCollect(
      t.engine,
      t.schema,
      request(t, 'UnaryCall', [{ responseSize: LARGE_RESPONSE, payload: payload(LARGE_REQUEST) }]),
    );
    expect(result.messages).toHaveLength(1);
    expectZeroPayload(result.messages[0], LARGE_RESPONSE);
    // Wire sizes: each body plus its field headers (tags and length varints), and the request's response_size field.
    expect(result.timings.bytesSent).toBe(LARGE_REQUEST + 4 + 1 + 3 + 1 + 3);
    expect(result.timings.bytesReceived).toBe(LARGE_RESPONSE + 1 + 3 + 1 + 3);
    return expectStatus(result.status, 'OK');
  },

  /** Four requests: the first at start, three more through `send`, then half-close. */
  async client_streaming(t: InteropTarget): Promise<CallStatus> {
    const [first, ...rest] = REQUEST_SIZES.map((size) => ({ payload: payload(size) }));
    const call = await watch(t, request(t, 'StreamingInputCall', [first]));
    for (const next of rest) call.session.send(JSON.stringify(next));
    call.session.end();
    const { status, timings } = await call.session.done;
    expect(messagesOf(call.events)).toEqual(['{"aggregatedPayloadSize":74922}']);
    expect(timings.messagesSent).toBe(4);
    return expectStatus(status, 'OK');
  },

  async server_streaming(t: InteropTarget): Promise<CallStatus> {
    const result = await callAndCollect(
      t.engine,
      t.schema,
      request(t, 'StreamingOutputCall', [{ responseParameters: RESPONSE_SIZES.map((size) => ({ size })) }]),
    );
    expect(result.messages).toHaveLength(4);
    RESPONSE_SIZES.forEach((size, i) => expectZeroPayload(result.messages[i], size));
    return expectStatus(result.status, 'OK');
  },

  /** Full duplex: each request is sent only after the previous response arrived. */
  async ping_pong(t: InteropTarget): Promise<CallStatus> {
    const steps = REQUEST_SIZES.map((size, i) => ({
      responseParameters: [{ size: RESPONSE_SIZES[i] }],
      payload: payload(size),
    }));
    const call = await watch(t, request(t, 'FullDuplexCall', [steps[0]]));
    for (let i = 0; i < steps.length; i++) {
      if (i > 0) call.session.send(JSON.stringify(steps[i]));
      expectZeroPayload(await call.message(i), RESPONSE_SIZES[i]!);
      // Lock-step: no response beyond the ones asked for so far.
      expect(messagesOf(call.events)).toHaveLength(i + 1);
    }
    call.session.end();
    const { status } = await call.session.done;
    expect(messagesOf(call.events)).toHaveLength(4);
    return expectStatus(status, 'OK');
  },

  async empty_stream(t: InteropTarget): Promise<CallStatus> {
    const call = await watch(t, request(t, 'FullDuplexCall', []));
    call.session.end();
    const { status, timings } = await call.session.done;
    expect(messagesOf(call.events)).toEqual([]);
    expect(timings).toMatchObject({ messagesSent: 0, messagesReceived: 0 });
    return expectStatus(status, 'OK');
  },

  /** The server echoes the ASCII key in the response headers and the -bin key (0xababab) in the trailers, unary and bidi. */
  async custom_metadata(t: InteropTarget): Promise<CallStatus> {
    const metadata = [ECHO_INITIAL, ECHO_TRAILING];
    const unary = await callAndCollect(
      t.engine,
      t.schema,
      request(t, 'UnaryCall', [{ responseSize: LARGE_RESPONSE, payload: payload(LARGE_REQUEST) }], {
        metadata,
      }),
    );
    expectStatus(unary.status, 'OK');
    expectZeroPayload(unary.messages[0], LARGE_RESPONSE);
    expect(unary.headers).toContainEqual(ECHO_INITIAL);
    expect(unary.trailers).toContainEqual(ECHO_TRAILING);
    if (t.halfDuplex) return unary.status;

    const bidi = await watch(
      t,
      request(
        t,
        'FullDuplexCall',
        [{ responseParameters: [{ size: LARGE_RESPONSE }], payload: payload(LARGE_REQUEST) }],
        { metadata },
      ),
    );
    bidi.session.end();
    const { status } = await bidi.session.done;
    const messages = messagesOf(bidi.events);
    expect(messages).toHaveLength(1);
    expectZeroPayload(messages[0], LARGE_RESPONSE);
    const headers = bidi.events.flatMap((e) => (e.type === 'headers' ? e.metadata : []));
    const trailers = bidi.events.flatMap((e) => (e.type === 'trailers' ? e.metadata : []));
    expect(headers).toContainEqual(ECHO_INITIAL);
    expect(trailers).toContainEqual(ECHO_TRAILING);
    expect(Buffer.from(trailers.find((e) => e.key === ECHO_TRAILING.key)!.value, 'base64')).toEqual(
      Buffer.from([0xab, 0xab, 0xab]),
    );
    return expectStatus(status, 'OK');
  },

  async status_code_and_message(t: InteropTarget): Promise<CallStatus> {
    const responseStatus = { code: 2, message: STATUS_MESSAGE };
    const unary = await callAndCollect(t.engine, t.schema, request(t, 'UnaryCall', [{ responseStatus }]));
    expectStatus(unary.status, 'UNKNOWN', STATUS_MESSAGE);
    expect(unary.messages).toEqual([]);
    if (t.halfDuplex) return unary.status;

    const bidi = await watch(t, request(t, 'FullDuplexCall', [{ responseStatus }]));
    bidi.session.end();
    const { status } = await bidi.session.done;
    expect(messagesOf(bidi.events)).toEqual([]);
    return expectStatus(status, 'UNKNOWN', STATUS_MESSAGE);
  },

  /** Tabs, CR/LF, a BMP and a non-BMP character survive the status message's percent-encoding. */
  async special_status_message(t: InteropTarget): Promise<CallStatus> {
    const result = await callAndCollect(
      t.engine,
      t.schema,
      request(t, 'UnaryCall', [{ responseStatus: { code: 2, message: SPECIAL_MESSAGE } }]),
    );
    return expectStatus(result.status, 'UNKNOWN', SPECIAL_MESSAGE);
  },

  /** The description demands only the code; the message is the server's own wording. */
  async unimplemented_method(t: InteropTarget): Promise<CallStatus> {
    const result = await callAndCollect(t.engine, t.schema, request(t, 'UnimplementedCall', [{}]));
    return expectStatus(result.status, 'UNIMPLEMENTED');
  },

  /** grpc.testing.UnimplementedService is in the interop protos (so the engine knows it) but on no test server. */
  async unimplemented_service(t: InteropTarget): Promise<CallStatus> {
    const req = {
      ...request(t, 'UnimplementedCall', [{}]),
      method: 'grpc.testing.UnimplementedService/UnimplementedCall',
    };
    const result = await callAndCollect(t.engine, t.schema, req);
    return expectStatus(result.status, 'UNIMPLEMENTED');
  },

  /** Cancelled after the call started but before any request was sent. */
  async cancel_after_begin(t: InteropTarget): Promise<CallStatus> {
    const call = await watch(t, request(t, 'StreamingInputCall', []));
    call.session.cancel();
    const { status, timings } = await call.session.done;
    expect(timings).toMatchObject({ messagesSent: 0, messagesReceived: 0 });
    return expectStatus(status, 'CANCELLED');
  },

  async cancel_after_first_response(t: InteropTarget): Promise<CallStatus> {
    const first = { responseParameters: [{ size: 31415 }], payload: payload(27182) };
    const call = await watch(t, request(t, 'FullDuplexCall', [first]));
    expectZeroPayload(await call.message(0), 31415);
    call.session.cancel();
    const { status } = await call.session.done;
    expect(messagesOf(call.events)).toHaveLength(1);
    return expectStatus(status, 'CANCELLED');
  },

  /** A 1 ms deadline on a call the server does not finish in time (bidi without half-close, or on HTTP/1.1 a server stream whose response comes after 2 s): DEADLINE_EXCEEDED as a status, not a crash. */
  async timeout_on_sleeping_server(t: InteropTarget): Promise<CallStatus> {
    const sleeping = t.halfDuplex
      ? request(t, 'StreamingOutputCall', [{ responseParameters: [{ size: 1, intervalUs: SLEEP_US }] }], {
          options: { deadlineMs: 1 },
        })
      : request(t, 'FullDuplexCall', [{ payload: payload(27182) }], { options: { deadlineMs: 1 } });
    const call = await watch(t, sleeping);
    const { status } = await call.session.done;
    expect(messagesOf(call.events)).toEqual([]);
    return expectStatus(status, 'DEADLINE_EXCEEDED');
  },
} satisfies Record<string, (t: InteropTarget) => Promise<CallStatus>>;

/** The case names, in the order grpc's descriptions list them. */
export type InteropCaseName = keyof typeof interopCases;

/** A final status as a test expects it: the message exactly, or a pattern where servers and timers word it apart. */
export type ExpectedStatus = Omit<CallStatus, 'message'> & { message: string | RegExp };

/** The status of a call that succeeded. */
export const okStatus = { code: 0, name: 'OK', message: '' };

/** The hint every DEADLINE_EXCEEDED carries, whichever side noticed the deadline. */
export const deadlineHint =
  'The deadline passed before the call finished: raise the deadline, or check why the server is slow.';

/** The statuses of the cases every TestService (grpc-go, connect-node, behind gRPC-Web or not) ends the same way. */
export const sharedInteropStatuses = {
  empty_unary: okStatus,
  large_unary: okStatus,
  client_streaming: okStatus,
  server_streaming: okStatus,
  ping_pong: okStatus,
  empty_stream: okStatus,
  custom_metadata: okStatus,
  status_code_and_message: { code: 2, name: 'UNKNOWN', message: 'test status message' },
  special_status_message: {
    code: 2,
    name: 'UNKNOWN',
    message: '\t\ntest with whitespace\r\nand Unicode BMP ☺ and non-BMP 😈\t\n',
  },
  cancel_after_begin: { code: 1, name: 'CANCELLED', message: 'Cancelled on client' },
  cancel_after_first_response: { code: 1, name: 'CANCELLED', message: 'Cancelled on client' },
} satisfies Partial<Record<InteropCaseName, ExpectedStatus>>;

/** Asserts a case's final status is exactly the expected one (its message matched when a pattern). */
export function expectInteropStatus(status: CallStatus, expected: ExpectedStatus): void {
  const { message, ...rest } = expected;
  // grpc-js's own words stay beside a message the engine rephrased (a deadline): not part of what the user reads first.
  const { technical, ...shown } = status;
  if (technical !== undefined) expect(technical).not.toBe(status.message);
  expect(shown).toEqual({
    ...rest,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
  });
}
