/** The mock's answers from stub files: a MockHandler over the rules of a folder, reloaded when its files change. */
import { watch, type FSWatcher } from 'chokidar';
import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { MockAnswerSource, MockFallback, MockLogEntry, MockProblem } from '../../../shared/mock';
import type { Schema } from '../../schema/schema';
import { loggedCall } from '../call-log';
import type { MockHandler } from '../handler';
import { answerCall } from './answer';
import { loadStubs, type LoadedStubs } from './load-stubs';

export interface StubHandlerOptions {
  schema: Schema;
  /** The folder of stub files (a workspace's `mocks/`); without one every call gets the fallback. */
  stubsDir?: string;
  fallback: MockFallback;
  /** Gets one entry per call; without a listener calls are not recorded at all. */
  onCall?: (entry: MockLogEntry) => void;
  /** Gets every problem of the stubs after each load: the first, and each reload after a file changed. */
  onProblems?: (problems: MockProblem[]) => void;
}

export interface StubHandler {
  handler: MockHandler;
  /** What could not be served at the last load. */
  problems(): MockProblem[];
  /** The methods (`pkg.Service/Method`) that have rules. */
  methods(): string[];
  /** Stops watching the folder; calls in flight finish with the rules they started with. */
  close(): Promise<void>;
}

/** How long the folder must be quiet before a reload: an editor's save is often several writes. */
const quietMs = 50;

/**
 * Loads the stubs, then watches the folder: on a change every file is read again and the new rules replace the old in
 * one step, so a call in flight keeps its rules and the next call gets the new ones.
 */
export async function createStubHandler(options: StubHandlerOptions): Promise<StubHandler> {
  const { schema, stubsDir, fallback, onCall, onProblems } = options;
  const load = (): Promise<LoadedStubs> =>
    stubsDir ? loadStubs(stubsDir, schema) : Promise.resolve({ rules: new Map(), problems: [] });
  let current = await load();
  onProblems?.(current.problems);
  const reloads = new Reloads(async () => {
    current = await load().catch((error: unknown) => ({
      rules: current.rules,
      problems: [
        {
          file: stubsDir ?? '',
          message: `Cannot reload the stubs: ${(error as Error).message}.`,
          hint: 'The previous rules keep serving; fix the folder and save a stub file again.',
        },
      ],
    }));
    onProblems?.(current.problems);
  });
  const stopWatching = stubsDir ? await watchStubs(stubsDir, () => reloads.request()) : undefined;

  const handler: MockHandler = async (call, reply) => {
    const rules = current.rules.get(`${call.method.parent.typeName}/${call.method.name}`) ?? [];
    if (!onCall) return answerCall(call, reply, rules, { registry: schema.registry, fallback });
    let source: MockAnswerSource = { kind: 'none' };
    const logged = loggedCall(call, reply, schema.registry, () => source, onCall);
    return answerCall(logged.call, logged.reply, rules, {
      registry: schema.registry,
      fallback,
      onAnswer: (answered) => (source = answered),
    });
  };
  return {
    handler,
    problems: () => current.problems,
    methods: () => [...current.rules].filter(([, rules]) => rules.length > 0).map(([method]) => method),
    close: async () => {
      reloads.stop();
      await stopWatching?.();
    },
  };
}

/**
 * Watches `dir` (hidden entries aside) and resolves once the initial scan is done, so later changes are all seen. A
 * folder that does not exist yet is waited for in its parent (a workspace gets `mocks/` with its first stub).
 */
async function watchStubs(dir: string, onChange: () => void): Promise<() => Promise<void>> {
  const root = resolve(dir);
  if (existsSync(root)) {
    const watcher = await ready(
      watch(root, { ignoreInitial: true, ignored: hidden(root) }).on('all', onChange),
    );
    return () => watcher.close();
  }
  const parent = dirname(root);
  if (!existsSync(parent)) return () => Promise.resolve();
  let inner: FSWatcher | undefined;
  let closed = false;
  const outer = await ready(
    watch(parent, { ignoreInitial: true, depth: 0, ignored: (path) => path !== parent && path !== root }),
  );
  outer.on('addDir', (path) => {
    if (path !== root || inner || closed) return;
    void outer.close();
    inner = watch(root, { ignoreInitial: true, ignored: hidden(root) }).on('all', onChange);
    // Files written before the watcher was ready are picked up by this load.
    void ready(inner).then(onChange);
  });
  return async () => {
    closed = true;
    await outer.close();
    await inner?.close();
  };
}

function hidden(root: string): (path: string) => boolean {
  return (path) => path !== root && basename(path).startsWith('.');
}

function ready(watcher: FSWatcher): Promise<FSWatcher> {
  return new Promise((settle) => watcher.once('ready', () => settle(watcher)));
}

/** Runs `reload` once changes have been quiet for a moment, one at a time, again if more came in meanwhile. */
class Reloads {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly reload: () => Promise<void>) {}

  request(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), quietMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private start(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.reload().finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.start();
      }
    });
  }
}
