import { join } from 'node:path';
import type { MockLogEntry, MockProblem, MockProtocol } from '../../shared/mock';

const protocolNames: Record<MockProtocol, string> = {
  grpc: 'gRPC',
  'grpc-web': 'gRPC-Web',
  'grpc-web-text': 'gRPC-Web',
  connect: 'Connect',
};

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The first line on stdout, for scripts (docs/cli.md): `Mock serving N methods of M services on HOST:PORT (gRPC,
 * gRPC-Web, Connect)`, with `; TLS` or `; mTLS` before the parenthesis closes when it serves TLS.
 */
export function servingLine(mock: {
  address: string;
  protocols: readonly MockProtocol[];
  methodCount: number;
  serviceCount: number;
  tls: 'none' | 'tls' | 'mtls';
}): string {
  const protocols = [...new Set(mock.protocols.map((protocol) => protocolNames[protocol]))].join(', ');
  const security = mock.tls === 'none' ? '' : mock.tls === 'tls' ? '; TLS' : '; mTLS';
  return `Mock serving ${count(mock.methodCount, 'method')} of ${count(mock.serviceCount, 'service')} on ${mock.address} (${protocols}${security})\n`;
}

/** A stub problem as editors and terminals make clickable: `file:line:col: message`, the hint indented below. */
export function problemText(problem: MockProblem, stubsDir: string | undefined): string {
  const file =
    stubsDir === undefined || problem.file.startsWith('/') ? problem.file : join(stubsDir, problem.file);
  const place =
    problem.line === undefined
      ? ''
      : `:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`;
  return `protodesk: ${file}${place}: ${problem.message}\n  ${problem.hint}\n`;
}

/** One call, for --verbose: `time protocol method STATUS duration answer`. */
export function callLine(entry: MockLogEntry): string {
  const answer =
    entry.answer.kind === 'rule'
      ? `rule ${entry.answer.index + 1} of ${entry.answer.file}`
      : entry.answer.kind === 'fallback'
        ? `fallback (${entry.answer.fallback})`
        : entry.answer.kind === 'upstream'
          ? `upstream ${entry.answer.target}`
          : 'no answer';
  const message = entry.status.message ? ` "${entry.status.message}"` : '';
  return `${entry.time} ${entry.protocol} ${entry.method} ${entry.status.code}${message} ${entry.durationMs}ms, ${answer}\n`;
}

/**
 * Prints the stubs' problems as they change: those not printed in the last report, and a line once all are gone, so
 * a reload repeats nothing that is still wrong and says when the stubs are clean again.
 */
export function problemReporter(
  err: (text: string) => void,
  stubsDir: string | undefined,
): (problems: readonly MockProblem[]) => void {
  let shown = new Set<string>();
  return (problems) => {
    const now = new Map(problems.map((problem) => [problemText(problem, stubsDir), problem]));
    for (const text of now.keys()) if (!shown.has(text)) err(text);
    if (now.size === 0 && shown.size > 0) err('protodesk: the stubs have no problems now.\n');
    shown = new Set(now.keys());
  };
}
