// Scans the app's code with Doyensec's electronegativity, offline, and holds every HIGH or MEDIUM finding against the
// answers checked in at security/electronegativity-answers.json (file + check id + why it is not a problem).
// Exit 0 when every such finding is answered and every answer still matches a finding; 1 otherwise.
//
//   node scripts/electronegativity.mjs [--answers FILE]
//
// The package's CLI cannot run here (it requires an undeclared `commander` and gets our commander 14), so this drives
// its runner API (dist/runner.js) with the options the CLI would pass.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire, Module } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const runnerFile = require.resolve('@doyensec/electronegativity');

// Everything that runs in the app: the shell (main, preload), the engine it bundles, the page, the contract; and
// package.json (npm scripts, Electron version). Tests, benchmarks and dist/ are not the app.
const scanned = ['src', 'package.json'];
// Checks that read version defaults judge the code as the oldest Electron it runs on (the smoke-tested 9.4.1), whose
// defaults are the least safe; users get the newer Electron of package.json.
const oldestElectron = '9.4.1';
// This check downloads Electron's release list from GitHub; Electron upgrades are not this scan's job.
const networkChecks = ['AvailableSecurityFixesGlobalCheck'];
const gatedSeverities = new Set(['HIGH', 'MEDIUM']);

/** Keeps electronegativity offline: its i18n loader fetches translations from S3 first; use the bundled English. */
function useBundledTranslations() {
  const i18nFile = join(dirname(runnerFile), 'locales', 'i18n.js');
  const i18n = createRequire(i18nFile)('i18n');
  const offline = new Module(i18nFile);
  offline.filename = i18nFile;
  offline.loaded = true;
  offline.exports = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(i18nFile),
      updateFiles: false,
      objectNotation: true,
      register: globalThis,
    });
    i18n.setLocale('en-US');
  };
  require.cache[i18nFile] = offline;
}

/** Copies what is scanned into a fresh folder (the runner scans one folder, and must not walk node_modules). */
async function stage() {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-electronegativity-'));
  for (const path of scanned) await cp(join(root, path), join(dir, path), { recursive: true });
  return dir;
}

/** The runner's findings and the files it could not parse (and so did not scan). */
async function scan() {
  useBundledTranslations();
  const run = require(runnerFile);
  const input = await stage();
  try {
    const result = await run({
      input,
      customScan: [],
      excludeFromScan: networkChecks,
      isRelative: true,
      electronVersionOverride: oldestElectron,
      parserPlugins: [],
    });
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      file: issue.file,
      line: issue.location.line,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      description: issue.description,
    }));
    const unparsed = result.errors
      .filter((error) => !error.tolerable)
      .map((error) => `${relative(input, error.file)}: ${error.message}`);
    return { findings, unparsed };
  } finally {
    await rm(input, { recursive: true, force: true });
  }
}

/** The answers file: a list of { check, file, reason }; refuses entries missing one of them. */
async function readAnswers(file) {
  const answers = JSON.parse(await readFile(file, 'utf8'));
  const complete = (answer) => Boolean(answer?.check && answer.file && answer.reason);
  if (!Array.isArray(answers) || !answers.every(complete)) {
    throw new Error(`${file} must be a list of { "check", "file", "reason" } (each one filled in).`);
  }
  return answers;
}

const covers = (answer, finding) => answer.check === finding.check && answer.file === finding.file;
const where = (finding) => `${finding.check} ${finding.file}:${finding.line}`;

const { values } = parseArgs({ options: { answers: { type: 'string' } } });
const answersFile = resolve(values.answers ?? join(root, 'security', 'electronegativity-answers.json'));
const answers = await readAnswers(answersFile);
const { findings, unparsed } = await scan();

const gated = findings.filter((finding) => gatedSeverities.has(finding.severity));
const unanswered = gated.filter((finding) => !answers.some((answer) => covers(answer, finding)));
const stale = answers.filter((answer) => !gated.some((finding) => covers(answer, finding)));

console.log(
  `electronegativity: ${findings.length} findings in ${scanned.join(', ')} (as Electron ${oldestElectron})`,
);
for (const finding of findings) {
  const answered = answers.some((answer) => covers(answer, finding));
  const verdict = !gatedSeverities.has(finding.severity) ? 'not gated' : answered ? 'answered' : 'UNANSWERED';
  console.log(`  ${finding.severity} ${finding.confidence} ${where(finding)} — ${verdict}`);
}
for (const finding of unanswered) {
  console.log(`\nUnanswered ${finding.severity} finding ${where(finding)}: ${finding.description}`);
}
if (unanswered.length > 0) {
  console.log(
    `Fix the code, or answer the finding in ${relative(root, answersFile)} (check, file and the reason).`,
  );
}
for (const answer of stale) {
  console.log(
    `\nStale answer ${answer.check} ${answer.file}: it matches no HIGH or MEDIUM finding any more; remove it.`,
  );
}
for (const file of unparsed) console.log(`\nNot scanned, electronegativity could not parse ${file}`);
const failed = unanswered.length + stale.length + unparsed.length;
console.log(failed === 0 ? '\nEvery HIGH and MEDIUM finding is answered.' : `\n${failed} problem(s).`);
process.exitCode = failed === 0 ? 0 : 1;
