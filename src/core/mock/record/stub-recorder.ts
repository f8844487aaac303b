import { mkdir, readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import type { JsonObject, JsonValue } from '@bufbuild/protobuf';
import type { MockProblem } from '../../../shared/mock';
import { writeFileAtomic } from '../../workspace/atomic-write';
import { jsonSubsetMismatch } from '../../workspace/json-subset';
import { stubFileFor, stubPath } from '../stubs';

/**
 * Writes recorded rules into the stub files of their methods, one file at a time, as calls complete. A rule whose
 * match a rule of the file already has is not added (the same request again is no new rule), so a file the user
 * wrote keeps its rules, in its order, ahead of the recorded ones: they win. Among the rules one recording adds, a
 * request more specific than an earlier one goes before it, so the earlier (more general) rule cannot shadow it.
 * A file that is not a stub file is left alone and reported.
 */
export class StubRecorder {
  private readonly queues = new Map<string, Promise<void>>();
  /** The matches this recorder added, per file: only those may be reordered. */
  private readonly added = new Map<string, JsonValue[]>();
  private readonly problems = new Map<string, MockProblem>();

  constructor(
    private readonly stubsDir: string,
    private readonly onProblems: (problems: MockProblem[]) => void = () => undefined,
  ) {}

  /** Queues the rules of one call for the stub file of `method` (`pkg.Service/Method`); never rejects. */
  record(method: string, rules: JsonObject[]): Promise<void> {
    const path = stubPath(this.stubsDir, method);
    const next = (this.queues.get(path) ?? Promise.resolve()).then(() => this.write(path, method, rules));
    this.queues.set(path, next);
    return next;
  }

  /** A rule that could not be made (the upstream's answer does not fit the schema), reported like a bad file. */
  report(method: string, message: string, hint: string): void {
    this.problem(stubPath(this.stubsDir, method), { message, hint });
  }

  /** Resolves once every rule recorded so far is on disk (or reported). */
  async idle(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  private async write(path: string, method: string, recorded: JsonObject[]): Promise<void> {
    try {
      const file = await this.read(path, method);
      if (!file) return;
      const rules = file.rules as JsonObject[];
      const mine = this.added.get(path) ?? [];
      let changed = false;
      for (const rule of recorded) {
        const match = rule.match ?? {};
        if (rules.some((existing) => sameMatch(existing.match ?? {}, match))) continue;
        // A rule recorded earlier whose match this request also meets would answer it first on replay.
        const shadowing = rules.findIndex(
          (existing) =>
            mine.some((added) => sameMatch(added, existing.match ?? {})) &&
            jsonSubsetMismatch(existing.match ?? {}, match) === undefined,
        );
        rules.splice(shadowing < 0 ? rules.length : shadowing, 0, rule);
        mine.push(match);
        changed = true;
      }
      this.added.set(path, mine);
      if (!changed) return;
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
      this.resolved(path);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.problem(path, {
        message: `The recorded call of ${method} could not be saved: ${reason}.`,
        hint: 'Check that the stubs folder is writable.',
      });
    }
  }

  /** The stub file as it is on disk now (a new one when there is none); undefined, and reported, when it is no stub file. */
  private async read(path: string, method: string): Promise<JsonObject | undefined> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return stubFileFor(method, []) as JsonObject;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const file = parsed as JsonObject | undefined;
    if (!file || typeof file !== 'object' || Array.isArray(file) || !Array.isArray(file.rules)) {
      this.problem(path, {
        message: `Recorded calls of ${method} are not saved: the file is not a stub file (JSON with a "rules" list).`,
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

/** Two matches that accept exactly the same requests (numbers and their text count as equal, as in matching). */
function sameMatch(a: JsonValue, b: JsonValue): boolean {
  return jsonSubsetMismatch(a, b) === undefined && jsonSubsetMismatch(b, a) === undefined;
}
