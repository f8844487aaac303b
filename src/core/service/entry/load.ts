/** What `protodesk load` uses of the load engine besides prepareLoad: thresholds, the run, its data file and reports. */
export { parseThresholds } from '../../load/thresholds';
export { readDataFile } from '../../load/run/data-file';
export { startLoad } from '../../load/run/start-load';
export { loadReportCsv } from '../../load/report/csv';
export { describePlan, errorRate, formatCount, formatMs, formatPercent } from '../../load/report/format';
export { loadReportHtml } from '../../load/report/html';
export { loadReportSummary } from '../../load/report/summary';
export { SecretRedactor } from '../../workspace/redaction';
