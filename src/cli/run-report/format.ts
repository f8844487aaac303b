import type { RunReport } from '../../core/service/run/run-report';
import { jsonReport } from './json';
import { junitReport } from './junit';
import { prettyReport } from './pretty';

/** The report formats `protodesk run --reporter` offers. */
export const reporters = ['pretty', 'json', 'junit'] as const;

/** One of `reporters`. */
export type ReporterName = (typeof reporters)[number];

/** The whole report in a format. */
export function formatReport(reporter: ReporterName, report: RunReport): string {
  switch (reporter) {
    case 'pretty':
      return prettyReport(report);
    case 'json':
      return jsonReport(report);
    case 'junit':
      return junitReport(report);
  }
}
