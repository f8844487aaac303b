import type { RequestRunResult, RunReport } from '../../core/service/run/run-report';

/** `users/admin/Get user`: where a request sits in the workspace. */
export function requestTitle(result: Pick<RequestRunResult, 'collection' | 'folders' | 'name'>): string {
  return [result.collection, ...result.folders, result.name].join('/');
}

/**
 * One request as it finishes: `✓ users/Get user  pkg.Users/Get  OK  12 ms`, then, indented, each failed assertion,
 * why it could not run, and captures that found nothing.
 */
export function prettyResult(result: RequestRunResult): string {
  const status = result.status?.name ?? 'not run';
  const lines = [
    `${result.passed ? '✓' : '✗'} ${requestTitle(result)}  ${result.method || '?'}  ${status}  ${result.durationMs} ms`,
  ];
  for (const assertion of result.assertions) {
    if (!assertion.passed) lines.push(`    ✗ ${assertion.message}`);
  }
  if (result.error !== undefined) lines.push(`    error: ${result.error}`);
  for (const capture of result.captures) {
    if (capture.problem !== undefined) lines.push(`    capture {{${capture.variable}}}: ${capture.problem}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The closing line: `3 requests: 2 passed, 1 failed (1 could not run); 5 assertions: 1 failed; 0.41 s`. */
export function prettySummary(report: RunReport): string {
  const { results } = report;
  const failed = results.filter((result) => !result.passed).length;
  const notRun = results.filter((result) => result.error !== undefined).length;
  const assertions = results.flatMap((result) => result.assertions);
  const failedAssertions = assertions.filter((assertion) => !assertion.passed).length;
  const requests = `${count(results.length, 'request')}: ${results.length - failed} passed, ${failed} failed${notRun > 0 ? ` (${notRun} could not run)` : ''}`;
  return `\n${requests}; ${count(assertions.length, 'assertion')}: ${failedAssertions} failed; ${(report.durationMs / 1000).toFixed(2)} s\n`;
}

/** The whole pretty report, as printed while the run went. */
export function prettyReport(report: RunReport): string {
  return report.results.map(prettyResult).join('') + prettySummary(report);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
