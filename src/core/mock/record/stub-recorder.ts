import { mkdir, readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import type { DescMethod, JsonValue } from '@bufbuild/protobuf';
import type { MockProblem } from '../../../shared/mock';
import { writeFileAtomic } from '../../workspace/atomic-write';
import { jsonSubsetMismatch } from '../../workspace/json-subset';
import { renderStubFile, stubFileFor, stubPath, type SeenCall, type StubFileJson } from '../stubs';

type Rule = StubFileJson['rules'][number] & { description?: string };

/** The description that marks a rule as recorded: recording may replace and reorder those, never the others. */
const recordedPrefix = 'Recorded from ';

/**
 * Writes recorded calls into the stub files of their methods, one file at a time, as calls complete. The rules of a
 * file that were not recorded (the user's) stay first, untouched and in their order, so they keep answering first;
 * recorded rules follow, each marked by its description. The same request again gives no new rule: its recorded rule
 * is replaced by the newer answer (a user's rule for it is left alone and the recording dropped). A more specific
 * request goes before a recorded rule that also matches it, so that rule cannot shadow it on replay. A file that is
 * no stub file is left alone and reported.
 */
export class StubRecorder {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly problems = new Map<string, MockProblem>();

  constructor(
    private readonly stubsDir: string,
    /** Named in each recorded rule's description. */
    private readonly upstream: string,
    private readonly onProblems: (problems: MockProblem[]) => void = () => undefined,
  ) {}

  /** Queues one call for the stub file of its method; never rejects. */
  record(method: DescMethod, call: SeenCall): Promise<void> {
    const path = stubPath(this.stubsDir, method);
    const next = (this.queues.get(path) ?? Promise.resolve()).then(() => this.write(path, method, call));
    this.queues.set(path, next);
    return next;
  }

  /** A call that could not be turned into rules (the upstream's answer does not fit the schema), reported like a bad file. */
  report(method: DescMethod, message: string, hint: string): void {
    this.problem(stubPath(this.stubsDir, method), { message, hint });
  }

  /** Resolves once every call recorded so far is on disk (or reported). */
  async idle(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  private async write(path: string, method: DescMethod, call: SeenCall): Promise<void> {
    try {
      const file = await this.read(path, method);
      if (!file) return;
      const description = `${recordedPrefix}${this.upstream} on ${new Date().toISOString().slice(0, 10)}`;
      const before = renderStubFile(file);
      for (const rule of stubFileFor(method, [call]).rules)
        merge(file.rules as Rule[], { description, ...rule });
      const after = renderStubFile(file);
      if (after === before) return;
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(path, after);
      this.resolved(path);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.problem(path, {
        message: `The recorded call of ${method.parent.typeName}/${method.name} could not be saved: ${reason}.`,
        hint: 'Check that the stubs folder is writable.',
      });
    }
  }

  /** The stub file as it is on disk now (a new one when there is none); undefined, and reported, when it is no stub file. */
  private async read(path: string, method: DescMethod): Promise<StubFileJson | undefined> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { ...stubFileFor(method, []), rules: [] };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const file = parsed as StubFileJson | undefined;
    if (!file || typeof file !== 'object' || Array.isArray(file) || !Array.isArray(file.rules)) {
      this.problem(path, {
        message: `Recorded calls of ${method.parent.typeName}/${method.name} are not saved: the file is not a stub file (JSON with a "rules" list).`,
        hint: 'Fix the file or move it away; recording then adds its rules after the ones already there.',
      });
      return undefined;
    }
    return file;
  }

  private problem(path: string, problem: { message: string; hint: string }): void {
    const file = relative(this.stubsDir, path);
    this.problems.set(path, { file: file.startsWith('..') ? path : file, ...problem });
    this.onProblems([...this.problems.values()]);
  }

  private resolved(path: string): void {
    if (this.problems.delete(path)) this.onProblems([...this.problems.values()]);
  }
}

/** Puts a recorded rule into a file's rules (see StubRecorder). */
function merge(rules: Rule[], rule: Rule): void {
  const match = rule.match ?? {};
  const same = rules.findIndex((existing) => sameMatch(existing.match ?? {}, match));
  if (same >= 0) {
    if (isRecorded(rules[same]!)) rules[same] = rule;
    return;
  }
  const shadowing = rules.findIndex(
    (existing) => isRecorded(existing) && jsonSubsetMismatch(existing.match ?? {}, match) === undefined,
  );
  rules.splice(shadowing < 0 ? rules.length : shadowing, 0, rule);
}

function isRecorded(rule: Rule): boolean {
  return typeof rule.description === 'string' && rule.description.startsWith(recordedPrefix);
}

/** Two matches that accept the same requests (numbers and their text count as equal, as in matching). */
function sameMatch(a: JsonValue, b: JsonValue): boolean {
  return jsonSubsetMismatch(a, b) === undefined && jsonSubsetMismatch(b, a) === undefined;
}
