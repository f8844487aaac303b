import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallSetupError } from '../../../../src/core/call/errors';
import { ConnectionError } from '../../../../src/core/connection/errors';
import { DataFileError } from '../../../../src/core/load/run/data-file';
import { LoadPlanError } from '../../../../src/core/load/plan-check';
import { startLoad } from '../../../../src/core/load/run/start-load';
import { endGraceMs } from '../../../../src/core/load/run/worker-run';
import { ThresholdSyntaxError } from '../../../../src/core/load/thresholds';
import { JsonInputError } from '../../../../src/core/schema/json';
import type { Schema } from '../../../../src/core/schema/schema';
import { UnresolvedVariablesError } from '../../../../src/core/workspace/variables';
import { latencyFigures, type LoadPlan, type LoadSnapshot } from '../../../../src/shared/load';
import { deadPort } from '../../../helpers/misbehaving-server';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { connectionsTo, dataFile, request, runLoad, testServiceSchema, threadCount } from './load-helpers';

const emptyCall = 'grpc.testing.TestService/EmptyCall';
const unaryCall = 'grpc.testing.TestService/UnaryCall';
const streamingOutput = 'grpc.testing.TestService/StreamingOutputCall';
/** A server stream that sends its one response after a minute: calls stay in flight until cancelled or past a deadline. */
const slowStream = '{"responseParameters": [{"size": 1, "intervalUs": 60000000}]}';

let server: GoReflectServer;
let schema: Schema;

beforeAll(async () => {
  [server, schema] = await Promise.all([startGoReflect(), testServiceSchema()]);
});

afterAll(async () => {
  await server.stop();
});

describe('startLoad, closed model, against grpc-go', () => {
  it('makes exactly -n calls with c users, all OK', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'closed', concurrency: 10, total: 500 },
    });
    expect(report.count).toBe(500);
    expect(report.statusCounts).toEqual({ OK: 500 });
    expect(report.stopped).toBe(false);
    expect(report.method).toBe(emptyCall);
    expect(report.target).toBe(`127.0.0.1:${server.port}`);
    expect(report.latency.p50).toBeGreaterThan(0);
    expect(report.inFlight).toBe(0);
    expect(Date.parse(report.endedAt)).toBeGreaterThanOrEqual(Date.parse(report.startedAt));
  });

  it('checks the thresholds at the end', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'closed', concurrency: 2, total: 50 },
      thresholds: ['errors < 1%', 'rps > 1000000'],
    });
    expect(report.thresholds.map(({ threshold, passed }) => [threshold, passed])).toEqual([
      ['errors < 1%', true],
      ['rps > 1000000', false],
    ]);
  });

  it('splits an odd total exactly over several workers and users', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'closed', concurrency: 7, total: 333 },
      workers: 2,
    });
    expect(report.statusCounts).toEqual({ OK: 333 });
  });

  it('fails exactly the rows of the data file that ask for it, with their message', async () => {
    const rows = ['0', '0', '0', '14'].map((code, index) =>
      JSON.stringify({ code, message: code === '0' ? '' : `refused by row ${index + 1}` }),
    );
    const file = await dataFile('rows.jsonl', `${rows.join('\n')}\n`);
    // The server fails a call with the status its request carries: the row's values reached it.
    const body = '{"responseStatus": {"code": "{{code}}", "message": "{{message}}"}}';
    const { report } = await runLoad(schema, request(server.port, unaryCall, body), {
      model: { kind: 'closed', concurrency: 8, total: 400 },
      workers: 2,
      dataFile: file,
    });
    expect(report.count).toBe(400);
    expect(report.statusCounts).toEqual({ OK: 300, UNAVAILABLE: 100 });
    expect(report.errors).toEqual([{ status: 'UNAVAILABLE', message: 'refused by row 4', count: 100 }]);
  });

  it('runs for its duration, then lets the calls in flight end', async () => {
    const snapshots: LoadSnapshot[] = [];
    const started = Date.now();
    const { report } = await runLoad(
      schema,
      request(server.port, emptyCall),
      { model: { kind: 'closed', concurrency: 4, durationMs: 2_000 } },
      new Map(),
      snapshots,
    );
    const took = Date.now() - started;
    expect(report.elapsedMs).toBeGreaterThanOrEqual(2_000);
    expect(report.elapsedMs).toBeLessThan(2_500);
    expect(took).toBeLessThan(5_000);
    expect(report.count).toBeGreaterThan(100);
    expect(report.statusCounts).toEqual({ OK: report.count });
    // About once a second while it ran, each counting what had ended so far.
    expect(snapshots.length).toBeGreaterThanOrEqual(1);
    expect(snapshots.length).toBeLessThanOrEqual(3);
    expect(snapshots[0]!.count).toBeGreaterThan(0);
    expect(snapshots[0]!.count).toBeLessThanOrEqual(report.count);
  });

  it('cancels the calls still running 5 s after its duration', async () => {
    const { report } = await runLoad(schema, request(server.port, streamingOutput, slowStream), {
      model: { kind: 'closed', concurrency: 2, durationMs: 500 },
    });
    expect(report.statusCounts).toEqual({ CANCELLED: 2 });
    expect(report.stopped).toBe(false);
    expect(report.elapsedMs).toBeGreaterThanOrEqual(500 + endGraceMs);
    expect(report.elapsedMs).toBeLessThan(500 + endGraceMs + 2_000);
  });

  it('opens as many TCP connections as asked for, over its workers', async () => {
    const seen: number[] = [];
    const run = await startLoad(
      { schema, request: request(server.port, emptyCall), values: new Map() },
      { model: { kind: 'closed', concurrency: 6, durationMs: 2_500 }, connections: 3, workers: 2 },
      () => void connectionsTo(server.port).then((count) => seen.push(count)),
    );
    const report = await run.done;
    expect(report.statusCounts).toEqual({ OK: report.count });
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(3);
  });

  it('sends messagesPerStream requests per client stream, and reads every response of a bidi stream', async () => {
    // payload.body "AAAA" is 3 bytes: the request encodes to 7.
    const body = '{"payload": {"body": "AAAA"}}';
    const input = await runLoad(
      schema,
      request(server.port, 'grpc.testing.TestService/StreamingInputCall', body),
      { model: { kind: 'closed', concurrency: 2, total: 20 }, messagesPerStream: 3 },
    );
    expect(input.report.statusCounts).toEqual({ OK: 20 });
    expect(input.report.bytesSent).toBe(20 * 3 * 7);
    const duplex = await runLoad(
      schema,
      request(
        server.port,
        'grpc.testing.TestService/FullDuplexCall',
        '{"responseParameters": [{"size": 10}]}',
      ),
      { model: { kind: 'closed', concurrency: 2, total: 10 }, messagesPerStream: 2 },
    );
    expect(duplex.report.statusCounts).toEqual({ OK: 10 });
    // Each request asks for one 10-byte payload: 2 responses of 14 bytes per call.
    expect(duplex.report.bytesReceived).toBe(10 * 2 * 14);
  });

  it('counts exactly the messages each server stream sent, through either sender', async () => {
    // The interop server sends one message per response parameter: 37 a call.
    const body = JSON.stringify({ responseParameters: Array.from({ length: 37 }, (_, n) => ({ size: n })) });
    // Keepalive pings go through grpc-js's sender, the rest through the engine's own HTTP/2 sender (sender-choice.ts).
    for (const options of [{}, { keepaliveTimeMs: 60_000 }]) {
      const { report, snapshots } = await runLoad(
        schema,
        request(server.port, streamingOutput, body, { options }),
        { model: { kind: 'closed', concurrency: 4, total: 40 }, workers: 2 },
      );
      expect(report.statusCounts).toEqual({ OK: 40 });
      expect(report.messagesReceived).toBe(40 * 37);
      expect(report.messagesPerSecond).toBeGreaterThan(0);
      for (const snapshot of snapshots) expect(snapshot).toHaveProperty('messagesPerSecond');
    }
    const unary = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'closed', concurrency: 2, total: 10 },
    });
    expect(unary.report.messagesReceived).toBe(10);
    expect(unary.report).not.toHaveProperty('messagesPerSecond');
  });

  it('stops early: calls in flight end CANCELLED, the workers end', async () => {
    let running = 0;
    const run = await startLoad(
      { schema, request: request(server.port, streamingOutput, slowStream), values: new Map() },
      { model: { kind: 'closed', concurrency: 4, durationMs: 60_000 }, workers: 2 },
      () => {
        running = threadCount();
        run.stop();
      },
    );
    const report = await run.done;
    expect(report.stopped).toBe(true);
    expect(report.statusCounts).toEqual({ CANCELLED: 4 });
    expect(report.elapsedMs).toBeLessThan(10_000);
    // The two worker threads end.
    expect(running).toBeGreaterThan(2);
    await expect.poll(threadCount, { timeout: 5_000 }).toBeLessThanOrEqual(running - 2);
  });

  it('counts calls to a dead server as UNAVAILABLE, without hanging', async () => {
    const { report } = await runLoad(schema, request(await deadPort(), emptyCall), {
      model: { kind: 'closed', concurrency: 5, total: 50 },
    });
    expect(report.statusCounts).toEqual({ UNAVAILABLE: 50 });
    expect(report.errors[0]).toMatchObject({ status: 'UNAVAILABLE', count: 50 });
    expect(report.errors[0]!.message).toMatch(/ECONNREFUSED|No connection established/);
  });
});

describe('startLoad, open model, against grpc-go', () => {
  it('starts calls at the rate asked for, each second of the schedule', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'open', rate: 200, durationMs: 3_000 },
    });
    // Every scheduled call was made: 200/s × 3 s.
    expect(report.count).toBe(600);
    expect(report.dropped).toBe(0);
    expect(report.statusCounts).toEqual({ OK: 600 });
    // The achieved rate: calls that ended within the 3 s window (each takes far less than a second) ÷ 3 s, within 5 %
    // of 200/s; and no second far off it (a stall of this shared machine may shift a few calls into the next second).
    const perSecond = report.timeline.filter((point) => point.second <= 3).map((point) => point.calls);
    expect(perSecond).toHaveLength(3);
    const achieved = perSecond.reduce((sum, calls) => sum + calls, 0) / 3;
    expect(Math.abs(achieved - 200) / 200).toBeLessThanOrEqual(0.05);
    for (const calls of perSecond) expect(Math.abs(calls - 200) / 200).toBeLessThanOrEqual(0.25);
  });

  it('times each call from its scheduled instant and from its start, the second never the larger', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'open', rate: 300, durationMs: 2_000 },
      workers: 2,
    });
    expect(report.statusCounts).toEqual({ OK: 600 });
    for (const { key } of latencyFigures) {
      expect(report.latencyFromStart[key], key).toBeGreaterThan(0);
      expect(report.latencyFromStart[key], key).toBeLessThanOrEqual(report.latency[key]);
    }
  });

  it('ramps the rate up linearly, then holds it', async () => {
    const { report } = await runLoad(schema, request(server.port, emptyCall), {
      model: { kind: 'open', rate: 200, rampMs: 2_000, durationMs: 1_000 },
      workers: 2,
    });
    // Arrivals: 200·t²/4 over the 2 s ramp (50 by the end of the first second, 200 by the second), then 200 a second;
    // without a ramp there would be 200 by the first second.
    expect(report.count).toBe(400);
    let sum = 0;
    const byEndOf = report.timeline.map((point) => (sum += point.calls));
    [50, 200, 400].forEach((expected, index) =>
      expect(Math.abs(byEndOf[index]! - expected) / 400).toBeLessThanOrEqual(0.05),
    );
  });

  it('stops early: calls in flight end CANCELLED, the worker and its clock thread end', async () => {
    let running = 0;
    const run = await startLoad(
      { schema, request: request(server.port, streamingOutput, slowStream), values: new Map() },
      { model: { kind: 'open', rate: 50, durationMs: 60_000 }, workers: 1 },
      () => {
        running = threadCount();
        run.stop();
      },
    );
    const report = await run.done;
    expect(report.stopped).toBe(true);
    expect(Object.keys(report.statusCounts)).toEqual(['CANCELLED']);
    expect(report.count).toBeGreaterThanOrEqual(40);
    await expect.poll(threadCount, { timeout: 5_000 }).toBeLessThanOrEqual(running - 2);
  });

  it('drops arrivals beyond maxInFlight and times calls out at their deadline', async () => {
    const { report } = await runLoad(
      schema,
      request(server.port, streamingOutput, slowStream, { options: { deadlineMs: 1_500 } }),
      { model: { kind: 'open', rate: 100, durationMs: 1_000, maxInFlight: 5 }, workers: 1 },
    );
    expect(report.statusCounts).toEqual({ DEADLINE_EXCEEDED: 5 });
    expect(report.dropped).toBe(95);
  });
});

describe('startLoad refuses bad input before sending anything', () => {
  const closed: LoadPlan = { model: { kind: 'closed', concurrency: 1, total: 1 } };
  const start = (call = request(server.port, emptyCall), plan = closed, values = new Map<string, string>()) =>
    startLoad({ schema, request: call, values }, plan, () => undefined);

  it('an unknown method', async () => {
    await expect(start(request(server.port, 'grpc.testing.TestService/Nope'))).rejects.toThrow(
      CallSetupError,
    );
  });

  it('request JSON that does not fit the message, naming the field', async () => {
    const call = request(server.port, unaryCall, '{"responseSize": "many"}');
    await expect(start(call)).rejects.toThrow(JsonInputError);
    await expect(start(call)).rejects.toThrow(/responseSize/);
  });

  it('a bad target', async () => {
    await expect(start(request(server.port, emptyCall, '{}', { target: 'http://[::1' }))).rejects.toThrow(
      ConnectionError,
    );
  });

  it('a variable without a value', async () => {
    const call = request(server.port, unaryCall, '{"fillUsername": true, "payload": {"body": "{{body}}"}}');
    await expect(start(call)).rejects.toThrow(UnresolvedVariablesError);
  });

  it('a data file that is not JSON Lines, naming the file and line', async () => {
    const file = await dataFile('rows.jsonl', '{"a": 1}\n{"a": \n');
    await expect(start(request(server.port, emptyCall), { ...closed, dataFile: file })).rejects.toThrow(
      new RegExp(`^${file}:2: the line is not JSON`),
    );
  });

  it('a data file whose rows call different servers', async () => {
    const file = await dataFile('rows.csv', `port\n${server.port}\n1\n`);
    const call = request(server.port, emptyCall, '{}', { target: '127.0.0.1:{{port}}' });
    await expect(start(call, { ...closed, dataFile: file })).rejects.toThrow(DataFileError);
    await expect(start(call, { ...closed, dataFile: file })).rejects.toThrow(/Row 2 of .* another target/);
  });

  it('a threshold that does not parse', async () => {
    await expect(
      start(request(server.port, emptyCall), { ...closed, thresholds: ['p99 <'] }),
    ).rejects.toThrow(ThresholdSyntaxError);
  });

  it('a plan without users', async () => {
    await expect(
      start(request(server.port, emptyCall), { model: { kind: 'closed', concurrency: 0, total: 1 } }),
    ).rejects.toThrow(LoadPlanError);
  });
});
