import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { peers } from './peer-paths';

const run = promisify(execFile);

/** The JUnit schema CI tools validate against (Jenkins xUnit's; see the note at its top for where it comes from). */
export const junitXsd = new URL('../fixtures/junit/junit-10.xsd', import.meta.url).pathname;

/** The test venv's Python, which has junitparser from test/peers/requirements.txt. */
const python = peers.python;

/**
 * Validates a JUnit file against the vendored XSD with xmllint (apt libxml2-utils); rejects with xmllint's complaint.
 * Fails, never skips, when xmllint is missing.
 */
export async function validateJunitSchema(file: string): Promise<void> {
  const xmllint = peers.xmllint;
  await run(xmllint, ['--noout', '--schema', junitXsd, file]).catch(
    (error: NodeJS.ErrnoException & { stderr?: string }) => {
      if (error.code === 'ENOENT')
        throw new Error('xmllint is missing: install it (Debian: apt-get install libxml2-utils).');
      throw new Error(`${file} does not validate against ${junitXsd}:\n${error.stderr ?? error.message}`);
    },
  );
}

/** One `<failure>`, `<error>` or `<skipped>` of a test case, as junitparser reads it. */
export interface JunitResult {
  kind: 'Failure' | 'Error' | 'Skipped';
  message: string | null;
  type: string | null;
  text: string | null;
}

/** A JUnit file as junitparser (a real consumer, used by CI report tools) reads it. */
export interface JunitReading {
  tests: number;
  failures: number;
  errors: number;
  suites: {
    name: string;
    tests: number;
    failures: number;
    errors: number;
    cases: { classname: string; name: string; time: number; results: JunitResult[] }[];
  }[];
}

const reader = `
import json, sys
from junitparser import JUnitXml
xml = JUnitXml.fromfile(sys.argv[1])
suites = []
for suite in xml:
    cases = []
    for case in suite:
        results = [{"kind": type(r).__name__, "message": r.message, "type": r.type, "text": r.text} for r in case.result]
        cases.append({"classname": case.classname, "name": case.name, "time": case.time, "results": results})
    suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "errors": suite.errors, "cases": cases})
print(json.dumps({"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "suites": suites}))
`;

/** Reads a JUnit file with junitparser in the test venv; fails, never skips, when it is missing. */
export async function readJunitFile(file: string): Promise<JunitReading> {
  if (!existsSync(python))
    throw new Error(`The test Python is missing at ${python}: run .ci/install-peers.sh.`);
  const { stdout } = await run(python, ['-c', reader, file]);
  return JSON.parse(stdout) as JunitReading;
}
