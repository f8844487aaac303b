import type { LoadReport } from '../../shared/load';
import { loadReportCsv, loadReportHtml, loadReportSummary } from '../../core/service/entry/load';
import { writeFileAtomic } from '../../core/service/entry/files';
import type { CliIo } from '../cli-io';
import type { LoadFormat } from './load-flags';

/** The report in --format: the ghz-like summary, the LoadReport as one JSON object, CSV, or a self-contained HTML page. */
export function formatLoadReport(format: LoadFormat, report: LoadReport, width?: number): string {
  switch (format) {
    case 'summary':
      return loadReportSummary(report, width === undefined ? {} : { width });
    case 'json':
      return `${JSON.stringify(report, null, 2)}\n`;
    case 'csv':
      return loadReportCsv(report);
    case 'html':
      return loadReportHtml(report);
  }
}

/** Writes the report to -o's file (checked before the run), else to stdout. */
export async function writeLoadReport(
  format: LoadFormat,
  report: LoadReport,
  output: string | undefined,
  io: CliIo,
): Promise<void> {
  if (output !== undefined) {
    await writeFileAtomic(output, formatLoadReport(format, report));
    return;
  }
  io.out(formatLoadReport(format, report, io.outColumns));
}
