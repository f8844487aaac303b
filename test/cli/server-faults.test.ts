import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startMisbehavingServer,
  startSilentTcpServer,
  startSilentTlsServer,
  type FaultyServer,
  type Misbehaviour,
} from '../helpers/misbehaving-server';

const bin = new URL('../../bin/protodesk.js', import.meta.url).pathname;
const protos = new URL('../fixtures/protos', import.meta.url).pathname;
const certs = new URL('../fixtures/certs', import.meta.url).pathname;
const schema = ['--proto', 'grpc/testing/test.proto', '-I', protos];
const unary = 'grpc.testing.TestService/UnaryCall';
const serverStream = 'grpc.testing.TestService/StreamingOutputCall';
/** How long after its deadline a process may take to end: start-up and shutdown on a busy machine, not a hang. */
const marginMs = 5_000;

interface Ended {
  code: number | null;
  out: string;
  err: string;
  /** From spawn to exit. */
  ms: number;
}

/** Runs a command to its end, or fails the test if it outlives `limitMs` (then it is killed). */
function runToEnd(command: string, args: string[], limitMs = 30_000): Promise<Ended> {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    const overdue = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} still ran after ${limitMs} ms.\nstderr: ${err}`));
    }, limitMs);
    child.once('close', (code) => {
      clearTimeout(overdue);
      resolve({ code, out, err, ms: Date.now() - started });
    });
  });
}

const protodesk = (args: string[], limitMs?: number) => runToEnd(process.execPath, [bin, ...args], limitMs);

/** A shell pipeline around the real executable (`$PROTODESK` in it); exits with protodesk's own status. */
const pipeline = (script: string) =>
  runToEnd('bash', ['-c', `PROTODESK="${process.execPath} ${bin}"; ${script}; exit \${PIPESTATUS[0]}`]);

/** Stack frames or error class prefixes: a user must never see either. */
function expectNoStackTrace(err: string): void {
  expect(err).not.toMatch(/^\s+at /m);
  expect(err).not.toMatch(/^\w*(Error|Exception)\b.*:/m);
  expect(err).not.toContain('node:internal');
}

let faulty: FaultyServer;
let silentTls: FaultyServer;
let silentTcp: FaultyServer;
beforeAll(async () => {
  [faulty, silentTls, silentTcp] = await Promise.all([
    startMisbehavingServer(),
    startSilentTlsServer({ cert: join(certs, 'server.pem'), key: join(certs, 'server.key') }),
    startSilentTcpServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([faulty?.close(), silentTls?.close(), silentTcp?.close()]);
});

const misbehaving = (name: Misbehaviour, ...more: string[]) =>
  protodesk([
    'call',
    faulty.target,
    unary,
    '--plaintext',
    ...schema,
    '--rpc-header',
    `misbehave: ${name}`,
    ...more,
  ]);

describe('a server that breaks the protocol ends the call with the status the gRPC spec names', () => {
  const cases: { name: Misbehaviour; exit: number; code: string; message: RegExp }[] = [
    {
      name: 'status-not-a-number',
      exit: 66,
      code: 'Unknown',
      message:
        /Message: The server sent a grpc-status that is not a number; read as UNKNOWN, as the gRPC spec says\./,
    },
    {
      name: 'status-99',
      exit: 66,
      code: 'Unknown',
      message:
        /grpc-status 99, which is not a gRPC status code \(0 to 16\); read as UNKNOWN.*Its message: ninety-nine/,
    },
    {
      name: 'unknown-encoding',
      exit: 77,
      code: 'Internal',
      message:
        /compressed response that cannot be decompressed: its grpc-encoding header is missing or names/,
    },
    { name: 'compressed-without-encoding', exit: 77, code: 'Internal', message: /cannot be decompressed/ },
    {
      name: 'length-beyond-data',
      exit: 77,
      code: 'Internal',
      message: /Hint: The server ended the stream without a gRPC status/,
    },
    {
      name: 'trailers-without-status',
      exit: 66,
      code: 'Unknown',
      message: /Hint: The response carried no grpc-status \(HTTP 200\)/,
    },
    {
      name: 'http-500',
      exit: 66,
      code: 'Unknown',
      message: /Hint: The response carried no grpc-status \(HTTP 500\)/,
    },
    { name: 'http-404', exit: 76, code: 'Unimplemented', message: /Received HTTP status code 404/ },
  ];
  test.each(cases)('$name → $code, exit $exit', async ({ name, exit, code, message }) => {
    const result = await misbehaving(name);
    expect(result.err).toContain(`Code: ${code}\n`);
    expect(result.err).toMatch(message);
    expect(result.code).toBe(exit);
    expectNoStackTrace(result.err);
  });
});

describe('a server that never answers: the process ends at its deadline', () => {
  const deadline = ['--deadline', '2s'];
  const cases = [
    {
      what: 'h2c stream accepted, nothing sent',
      args: () => ['--rpc-header', 'misbehave: never-answer'],
      server: () => faulty,
      tls: ['--plaintext'],
    },
    {
      what: 'response headers, then nothing',
      args: () => ['--rpc-header', 'misbehave: headers-then-hang'],
      server: () => faulty,
      tls: ['--plaintext'],
    },
    {
      what: 'TLS accepted, HTTP/2 never spoken',
      args: () => [],
      server: () => silentTls,
      tls: ['--insecure'],
    },
    {
      what: 'TCP accepted, the TLS handshake never answered',
      args: () => [],
      server: () => silentTcp,
      tls: ['--insecure'],
    },
    {
      what: 'TCP accepted, HTTP/2 never spoken',
      args: () => [],
      server: () => silentTcp,
      tls: ['--plaintext'],
    },
  ];
  test.each(cases)('$what → DEADLINE_EXCEEDED, exit 68', async ({ args, server, tls }) => {
    const result = await protodesk([
      'call',
      server().target,
      unary,
      ...tls,
      ...schema,
      ...deadline,
      ...args(),
    ]);
    expect(result.err).toContain('Code: DeadlineExceeded\n');
    expect(result.code).toBe(68);
    expect(result.ms).toBeLessThan(2_000 + marginMs);
    expectNoStackTrace(result.err);
  });

  test('--connect-timeout bounds reflection against a server that never finishes the TLS handshake', async () => {
    const result = await protodesk(['call', silentTcp.target, unary, '--insecure', '--connect-timeout', '2']);
    expect(result.err).toContain(
      `protodesk: Could not connect to ${silentTcp.target} within 2 s: the server accepted the connection but never completed TLS and HTTP/2.`,
    );
    expect(result.code).toBe(1);
    expect(result.ms).toBeLessThan(2_000 + marginMs);
  });

  test('--connect-timeout bounds a call without a deadline whose server never speaks HTTP/2', async () => {
    const result = await protodesk([
      'call',
      silentTcp.target,
      unary,
      '--plaintext',
      ...schema,
      '--connect-timeout',
      '2',
    ]);
    expect(result.err).toContain('Code: Unavailable\n');
    expect(result.err).toContain(
      `Could not connect to ${silentTcp.target} within 2 s: the server accepted the connection but never spoke HTTP/2.`,
    );
    expect(result.code).toBe(78);
    expect(result.ms).toBeLessThan(2_000 + marginMs);
    expectNoStackTrace(result.err);
  });

  test("--deadline also bounds reflection, as grpcurl's -max-time does", async () => {
    const result = await protodesk(['call', silentTls.target, unary, '--insecure', '--deadline', '2s']);
    expect(result.err).toContain('Code: DeadlineExceeded');
    expect(result.err).toContain(
      `Message: The deadline passed while asking ${silentTls.target} for its schema by reflection.`,
    );
    expect(result.code).toBe(68);
    expect(result.ms).toBeLessThan(2_000 + marginMs);
  });

  test('protodesk run ends at the deadline too', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'protodesk-faults-'));
    try {
      await writeJson(join(workspace, 'protodesk.json'), {
        format: 1,
        sources: [
          { kind: 'protoFiles', files: [join(protos, 'grpc/testing/test.proto')], importPaths: [protos] },
        ],
      });
      await writeJson(join(workspace, 'tls', 'any.json'), { format: 1, mode: 'insecure' });
      await writeJson(join(workspace, 'collections', 'faults', 'Silent.json'), {
        format: 1,
        method: unary,
        target: silentTcp.target,
        tlsProfile: 'any',
        metadata: [],
        body: {},
      });
      const result = await protodesk(['run', workspace, '--deadline', '2s']);
      expect(result.out).toMatch(/DEADLINE_EXCEEDED/);
      expect(result.code).toBe(1);
      expect(result.ms).toBeLessThan(2_000 + marginMs);
      expectNoStackTrace(result.err);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

describe('durations out of range are usage errors that name the range', () => {
  const range = 'must be from 1ms to 596h (24.8 days, the longest a timer can wait)';
  test.each([
    [
      ['call', '127.0.0.1:1', unary, '--plaintext', ...schema, '--deadline', '999999999h'],
      `--deadline ${range}; got "999999999h".`,
    ],
    [
      ['call', '127.0.0.1:1', unary, '--plaintext', ...schema, '--max-time', '100000000000000'],
      `--max-time ${range}; got "100000000000000".`,
    ],
    [
      ['call', '127.0.0.1:1', unary, '--plaintext', '--connect-timeout', '100000000000000'],
      `--connect-timeout ${range}; got "100000000000000".`,
    ],
    [['run', '.', '--deadline', '999999999h'], `--deadline ${range}; got "999999999h".`],
  ])('%j → exit 2', async (args, message) => {
    const result = await protodesk(args);
    expect(result.err).toContain(`protodesk: ${message}`);
    expect(result.code).toBe(2);
    expectNoStackTrace(result.err);
  });
});

describe('output that cannot be written', () => {
  const stream = (count: number) =>
    `$PROTODESK call ${faulty.target} ${serverStream} --plaintext ${schema.join(' ')} --format jsonl --rpc-header 'misbehave: stream-many' --rpc-header 'count: ${count}'`;

  test('| head -1: the reader went away, so protodesk ends quietly with 141, as a tool killed by SIGPIPE', async () => {
    const result = await pipeline(`${stream(5_000)} | head -1`);
    expect(result.out.split('\n')).toHaveLength(2);
    expect(result.err).toBe('');
    expect(result.code).toBe(141);
  });

  test('>/dev/full: one line saying the disk is full, exit 1', async () => {
    const result = await pipeline(`${stream(100)} >/dev/full`);
    expect(result.err).toBe('protodesk: cannot write output: no space left on device\n');
    expect(result.code).toBe(1);
  });
});

describe('a slow reader holds the server back instead of filling memory', () => {
  test('200,000 streamed messages read slowly: every one arrives, and peak memory stays under 200 MB (400 MB without backpressure)', async () => {
    const count = 200_000;
    const child = spawn(
      process.execPath,
      [
        bin,
        'call',
        faulty.target,
        serverStream,
        '--plaintext',
        ...schema,
        '--format',
        'jsonl',
        '--rpc-header',
        'misbehave: stream-many',
        '--rpc-header',
        `count: ${count}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let peakKb = 0;
    const sample = () => {
      const status = readProcStatus(child.pid);
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status ?? '');
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    };
    let lines = 0;
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // The reader takes a chunk, then looks away for a moment: much slower than the server can send.
    child.stdout.on('data', (chunk: Buffer) => {
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
      sample();
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    // 'close', not 'exit': the paused pipe may still hold the last lines when the process ends.
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(lines).toBe(count);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(200 * 1024);
  }, 180_000);
});

function readProcStatus(pid: number | undefined): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // The process has just ended.
    return undefined;
  }
}

describe('request JSON nested past the limit', () => {
  test('3,000 levels → a usage error naming the limit (100 levels), exit 2', async () => {
    const deep = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;
    const result = await protodesk(['call', faulty.target, unary, '--plaintext', ...schema, '-d', deep]);
    expect(result.err).toBe(
      `protodesk: request 1 in -d, line 1, column 501: a${'.a'.repeat(99)}: the request nests deeper than 100 levels\n`,
    );
    expect(result.code).toBe(2);
  });
});
