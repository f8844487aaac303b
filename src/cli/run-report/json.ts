import type { RunReport } from '../../core/service/run/run-report';

/** The run report as pretty-printed JSON (the RunReport type, one line per field). */
export function jsonReport(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
