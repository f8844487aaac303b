import { once } from 'node:events';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { Client } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionCache } from '../../../../src/core/call/connection-cache';
import { grpcTimeout } from '../../../../src/core/wire/http-status';
import { H2Sender } from '../../../../src/core/load/run/h2-sender';
import { SessionPool, sessionTarget } from '../../../../src/core/wire/h2-sessions';
import { prepareLoadRun } from '../../../../src/core/load/run/prepare';
import type { CallPlan } from '../../../../src/core/load/run/protocol';
import { CallSender, type CallOutcome, type LoadSender } from '../../../../src/core/load/run/sender';
import { rawHttp2Route } from '../../../../src/core/load/run/sender-choice';
import type { Schema } from '../../../../src/core/schema/schema';
import type { CallRequest } from '../../../../src/shared/call';
import type { LoadPlan } from '../../../../src/shared/load';
import { grpcGoTestdata } from '../../../helpers/certs';
import { startMisbehavingServer, type FaultyServer } from '../../../helpers/misbehaving-server';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { startTinyproxy } from '../../../helpers/tinyproxy';
import { dataFile, request, runLoad, testServiceSchema } from './load-helpers';

let goServer: GoReflectServer;
let faulty: FaultyServer;
let schema: Schema;

beforeAll(async () => {
  [goServer, faulty, schema] = await Promise.all([
    startGoReflect(),
    startMisbehavingServer(),
    testServiceSchema(),
  ]);
});

afterAll(async () => {
  goServer.stop();
  await faulty.close();
});

const closed = (messagesPerStream = 1, dataFilePath?: string): LoadPlan => ({
  model: { kind: 'closed', concurrency: 1, total: 1 },
  messagesPerStream,
  ...(dataFilePath ? { dataFile: dataFilePath } : {}),
});

/** The call plan a load test would hand its workers. */
async function planOf(call: CallRequest, plan: LoadPlan = closed()): Promise<CallPlan> {
  return (await prepareLoadRun({ schema, request: call, values: new Map() }, plan)).call;
}

/** Runs iterations 0..total-1 through a sender, `concurrency` at a time; answers each iteration's outcome. */
function runCalls(sender: LoadSender, total: number, concurrency = 4): Promise<CallOutcome[]> {
  const outcomes: CallOutcome[] = [];
  let started = 0;
  let ended = 0;
  return new Promise((resolve) => {
    const next = (): void => {
      if (started === total) return;
      const iteration = started++;
      sender.start(iteration, (outcome) => {
        outcomes[iteration] = outcome;
        if (++ended === total) resolve(outcomes);
        else next();
      });
    };
    for (let i = 0; i < concurrency; i++) next();
  });
}

/** The plan's calls through grpc-js's channel sender (what the engine used before, and still uses where h2 does not fit). */
async function viaGrpcJs(plan: CallPlan, total: number): Promise<CallOutcome[]> {
  const connection = await new ConnectionCache().resolve(plan.target, plan.tls, plan.options);
  const client = new Client(connection.address, connection.credentials, connection.channel);
  try {
    return await runCalls(new CallSender(plan, [client.getChannel()]), total);
  } finally {
    client.close();
  }
}

/** The plan's calls through the raw HTTP/2 sender. */
async function viaH2(
  plan: CallPlan,
  total: number,
  connections = 1,
  concurrency = 4,
): Promise<CallOutcome[]> {
  const route = rawHttp2Route(plan)!;
  const pool = new SessionPool(await sessionTarget(route.hostPort, route.tls), connections);
  await pool.connect(5_000);
  try {
    return await runCalls(new H2Sender(plan, pool, route.authority), total, concurrency);
  } finally {
    pool.close();
  }
}

/** Both senders, the same calls: each iteration's status, message and bytes must be the same. */
async function bothAgree(plan: CallPlan, total: number): Promise<CallOutcome[]> {
  const [grpcJs, h2] = await Promise.all([viaGrpcJs(plan, total), viaH2(plan, total)]);
  expect(h2).toEqual(grpcJs);
  return h2;
}

describe('H2Sender against grpc-go, beside grpc-js', () => {
  it('agrees call by call on a data file mixing OK and failing rows, percent-encoded messages included', async () => {
    const rows = [
      { code: '0', message: '' },
      { code: '14', message: 'refused by row 2' },
      { code: '9', message: '50% off, ¡adiós! 100%' },
      { code: '0', message: '' },
    ];
    const file = await dataFile('rows.jsonl', `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
    const body = '{"responseSize": 5, "responseStatus": {"code": "{{code}}", "message": "{{message}}"}}';
    const plan = await planOf(
      request(goServer.port, 'grpc.testing.TestService/UnaryCall', body, {
        metadata: [
          { key: 'x-row-note', value: 'plain' },
          { key: 'x-trace-bin', value: 'AAECAw==' },
        ],
      }),
      closed(1, file),
    );
    const outcomes = await bothAgree(plan, 40);
    const statuses = outcomes.map((outcome) => outcome.status);
    expect(statuses.filter((status) => status === 'OK')).toHaveLength(20);
    expect(statuses.filter((status) => status === 'UNAVAILABLE')).toHaveLength(10);
    expect(outcomes[2]).toMatchObject({ status: 'FAILED_PRECONDITION', message: '50% off, ¡adiós! 100%' });
    // An OK row's response: a 5-byte payload of type COMPRESSABLE.
    expect(outcomes[0]!.bytesReceived).toBeGreaterThan(5);
  });

  it('agrees on client streams (messagesPerStream requests) and bidi streams (every response counted)', async () => {
    const input = await planOf(
      request(goServer.port, 'grpc.testing.TestService/StreamingInputCall', '{"payload": {"body": "AAAA"}}'),
      closed(3),
    );
    const inputs = await bothAgree(input, 10);
    expect(inputs.every((outcome) => outcome.status === 'OK' && outcome.bytesSent === 3 * 7)).toBe(true);
    const duplex = await planOf(
      request(
        goServer.port,
        'grpc.testing.TestService/FullDuplexCall',
        '{"responseParameters": [{"size": 10}]}',
      ),
      closed(2),
    );
    const duplexes = await bothAgree(duplex, 10);
    expect(duplexes.every((outcome) => outcome.status === 'OK' && outcome.bytesReceived === 2 * 14)).toBe(
      true,
    );
  });
});

describe('H2Sender over TLS, beside grpc-js', () => {
  it('agrees call by call with the server name and CA of the TLS settings', async () => {
    const certs = grpcGoTestdata();
    const tlsServer = await startGoReflect({ cert: certs.cert, key: certs.key });
    try {
      const tls = { mode: 'tls' as const, caFiles: [certs.ca], serverName: 'foo.test.google.fr' };
      const plan = await planOf(
        request(tlsServer.port, 'grpc.testing.TestService/UnaryCall', '{"responseSize": 3}', { tls }),
      );
      // Over TLS, Node often emits a response's DATA before its headers, and its trailers before its DATA.
      const outcomes = await bothAgree(plan, 300);
      expect(outcomes.every((outcome) => outcome.status === 'OK')).toBe(true);
    } finally {
      await tlsServer.stop();
    }
  });
});

describe('H2Sender against a misbehaving server, beside grpc-js', () => {
  const misbehaving = (name: string, extra: { key: string; value: string }[] = []) =>
    planOf(
      request(faulty.port, 'grpc.testing.TestService/EmptyCall', '{}', {
        metadata: [{ key: 'misbehave', value: name }, ...extra],
      }),
    );

  it.each([
    ['trailers-only', 'FAILED_PRECONDITION', '50% off, ¡adiós!'],
    ['http-500', 'UNKNOWN', 'Received HTTP status code 500'],
    ['http-404', 'UNIMPLEMENTED', 'Received HTTP status code 404'],
    [
      'status-99',
      'UNKNOWN',
      'The server sent grpc-status 99, which is not a gRPC status code (0 to 16); read as UNKNOWN, as the gRPC spec says. Its message: ninety-nine',
    ],
    ['trailers-without-status', 'UNKNOWN', 'Received HTTP status code 200'],
    ['length-beyond-data', 'INTERNAL', 'Received RST_STREAM with code 0 (Call ended without gRPC status)'],
    ['reset-calm', 'RESOURCE_EXHAUSTED', 'Bandwidth exhausted or memory limit exceeded'],
    // Refused twice: grpc-js retries a refused stream once, transparently, and so does H2Sender.
    ['reset-refused', 'UNAVAILABLE', 'Stream refused by server'],
  ])('%s ends %s, as through grpc-js', async (name, status, message) => {
    const [outcome] = await bothAgree(await misbehaving(name), 3);
    expect(outcome).toMatchObject({ status, message });
  });

  // Both end INTERNAL; each says why in its own words (grpc-js's compression filter drops its reason below the stubs, so
  // CallSender gives the call engine's explanation).
  it.each([
    ['compressed-without-encoding', 'Received compressed message but "grpc-encoding" header was identity'],
    ['unknown-encoding', 'Compression method not supported: zstd-unknown'],
  ])('%s ends INTERNAL, saying why', async (name, message) => {
    const plan = await misbehaving(name);
    expect(await viaH2(plan, 3)).toEqual(
      Array(3).fill({ status: 'INTERNAL', message, bytesSent: 0, bytesReceived: 0, messagesReceived: 0 }),
    );
    const throughGrpcJs = await viaGrpcJs(plan, 3);
    expect(throughGrpcJs.map((outcome) => [outcome.status, outcome.message])).toEqual(
      Array(3).fill([
        'INTERNAL',
        'The server sent a compressed response that cannot be decompressed: its grpc-encoding header is missing or names an encoding other than gzip or deflate.',
      ]),
    );
  });
});

describe('H2Sender connections', () => {
  it("queues calls beyond the server's SETTINGS_MAX_CONCURRENT_STREAMS and loses none", async () => {
    let open = 0;
    let most = 0;
    const server = http2.createServer({ settings: { maxConcurrentStreams: 2 } });
    server.on('stream', (stream) => {
      open += 1;
      most = Math.max(most, open);
      stream.on('close', () => (open -= 1));
      stream.resume();
      stream.on('end', () => {
        stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
        stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
        setImmediate(() => stream.end(Buffer.from([0, 0, 0, 0, 0])));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const plan = await planOf(request(port, 'grpc.testing.TestService/EmptyCall'));
      const outcomes = await viaH2(plan, 30, 1, 10);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(30).fill('OK'));
      expect(most).toBe(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('H2Sender reconnects', () => {
  it('fails calls fast UNAVAILABLE after a failed connect, without reconnecting once per call', async () => {
    // Accepts each connection and drops it at once: no HTTP/2 is ever set up.
    let accepted = 0;
    const server = net.createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const plan = await planOf(request(port, 'grpc.testing.TestService/EmptyCall'));
      const outcomes = await viaH2(plan, 40, 1, 4);
      expect(new Set(outcomes.map((outcome) => outcome.status))).toEqual(new Set(['UNAVAILABLE']));
      expect(outcomes[0]!.message).toMatch(/^No connection established\. Last error: /);
      expect(accepted).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a load test through a proxy from the environment', () => {
  it('goes through grpc-js, tunnelled by the proxy: every call OK, the proxy logged the CONNECT', async () => {
    const proxy = await startTinyproxy();
    const saved = process.env.https_proxy;
    // The workers copy this environment when they start, and send through grpc-js (rawHttp2Route: a proxy).
    process.env.https_proxy = proxy.url;
    try {
      const { report } = await runLoad(schema, request(goServer.port, 'grpc.testing.TestService/EmptyCall'), {
        model: { kind: 'closed', concurrency: 2, total: 20 },
        workers: 1,
      });
      expect(report.statusCounts).toEqual({ OK: 20 });
      expect(await proxy.log()).toContain(`CONNECT 127.0.0.1:${goServer.port} `);
    } finally {
      if (saved === undefined) delete process.env.https_proxy;
      else process.env.https_proxy = saved;
      await proxy.stop();
    }
  });
});

describe('grpcTimeout', () => {
  it('writes at most 8 digits, in the smallest unit that fits', () => {
    expect(grpcTimeout(300)).toBe('300m');
    expect(grpcTimeout(99_999_999)).toBe('99999999m');
    expect(grpcTimeout(100_000_000)).toBe('100000S');
  });
});

describe('rawHttp2Route: which plans the raw HTTP/2 sender takes', () => {
  const base = (extra: Partial<CallRequest> = {}) =>
    planOf(request(goServer.port, 'grpc.testing.TestService/EmptyCall', '{}', extra));

  it('takes a plaintext or TLS host:port, with the :authority grpc-js would send', async () => {
    expect(rawHttp2Route(await base(), {})).toEqual({
      hostPort: `127.0.0.1:${goServer.port}`,
      tls: { mode: 'plaintext' },
      authority: `127.0.0.1:${goServer.port}`,
    });
    const named = await base({ tls: { mode: 'tls', serverName: 'api.test' } });
    expect(rawHttp2Route(named, {})?.authority).toBe('api.test');
    const own = await base({
      tls: { mode: 'tls', serverName: 'api.test' },
      options: { authority: 'own.test' },
    });
    expect(rawHttp2Route(own, {})?.authority).toBe('own.test');
  });

  it('leaves gzip, a proxy from the environment, keepalive and dns:/unix: targets to grpc-js', async () => {
    expect(rawHttp2Route(await base({ options: { gzip: true } }), {})).toBeUndefined();
    expect(rawHttp2Route(await base(), { https_proxy: 'http://127.0.0.1:3128' })).toBeUndefined();
    expect(
      rawHttp2Route(await base(), { https_proxy: 'http://127.0.0.1:3128', no_proxy: '127.0.0.1' }),
    ).toBeDefined();
    expect(rawHttp2Route(await base({ options: { keepaliveTimeMs: 10_000 } }), {})).toBeUndefined();
    const dns = await base({ target: `dns:///127.0.0.1:${goServer.port}` });
    expect(rawHttp2Route(dns, {})).toBeUndefined();
    const unix = await base({ target: 'unix:///tmp/protodesk-none.sock' });
    expect(rawHttp2Route(unix, {})).toBeUndefined();
  });

  it('takes gRPC only: gRPC-Web and Connect plans go through their call channel', async () => {
    expect(rawHttp2Route(await base({ protocol: 'grpc' }), {})).toBeDefined();
    for (const protocol of ['grpc-web', 'grpc-web-text', 'connect'] as const) {
      const plan = await base({ protocol, options: { http2: true } });
      expect(plan.protocol).toBe(protocol);
      expect(rawHttp2Route(plan, {})).toBeUndefined();
    }
  });
});
