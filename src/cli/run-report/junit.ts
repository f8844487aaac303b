import type { RequestRunResult, RunReport } from '../../core/service/run/run-report';
import { xmlAttribute, xmlText } from './xml';

/**
 * The run as JUnit XML, as CI systems read it: one `<testsuite>` per collection, one `<testcase>` per request
 * (classname: collection and folders joined by dots; time in seconds), `<failure>` listing the failed assertions,
 * `<error>` when the request could not run.
 */
export function junitReport(report: RunReport): string {
  const collections = new Map<string, RequestRunResult[]>();
  for (const result of report.results) {
    const list = collections.get(result.collection) ?? [];
    list.push(result);
    collections.set(result.collection, list);
  }
  const suites = [...collections].map(([name, results]) => suite(name, results));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="protodesk run"${counts(report.results)} time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function suite(name: string, results: RequestRunResult[]): string {
  const time = results.reduce((sum, result) => sum + result.durationMs, 0);
  return [
    `  <testsuite name="${xmlAttribute(name)}"${counts(results)} skipped="0" time="${seconds(time)}">`,
    ...results.map(testcase),
    '  </testsuite>',
  ].join('\n');
}

function testcase(result: RequestRunResult): string {
  const open = `    <testcase classname="${xmlAttribute([result.collection, ...result.folders].join('.'))}" name="${xmlAttribute(result.name)}" time="${seconds(result.durationMs)}"`;
  if (result.error !== undefined) {
    return `${open}>\n      <error message="${xmlAttribute(result.error)}" type="RequestNotRun">${xmlText(result.error)}</error>\n    </testcase>`;
  }
  const failed = result.assertions.filter((assertion) => !assertion.passed);
  if (failed.length === 0) return `${open}/>`;
  const message = failed.map((assertion) => assertion.message).join('; ');
  const type = failed.map((assertion) => assertion.assertion).join(',');
  const body = failed.map((assertion) => `${assertion.assertion}: ${assertion.message}`).join('\n');
  return `${open}>\n      <failure message="${xmlAttribute(message)}" type="${xmlAttribute(type)}">${xmlText(body)}</failure>\n    </testcase>`;
}

/** ` tests="3" failures="1" errors="1"`: errors are requests that could not run, failures the others that failed. */
function counts(results: RequestRunResult[]): string {
  const errors = results.filter((result) => result.error !== undefined).length;
  const failures = results.filter((result) => !result.passed && result.error === undefined).length;
  return ` tests="${results.length}" failures="${failures}" errors="${errors}"`;
}

/** Milliseconds as JUnit's seconds with three decimals (the form Surefire's schema allows). */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
