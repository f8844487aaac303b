import { performance } from 'node:perf_hooks';
import { defaultRunDeadlineMs } from '../../../shared/call';
import type { SavedRequestEntry, WorkspaceProblem } from '../../../shared/workspace';
import type { EffectiveAuth } from '../../../shared/auth';
import { Authorizer } from '../../auth/authorizer';
import { AuthError } from '../../auth/errors';
import type { UserSteps } from '../../auth/oauth2/user-steps';
import { CallEngine } from '../../call/engine';
import { TempArea } from '../temp-area';
import { WorkspaceFileError } from '../../workspace/errors';
import { SecretRedactor } from '../../workspace/redaction';
import { planRun, type PlannedRequest } from './runner-plan';
import type { RequestRunResult, RunReport } from './run-report';
import { runSavedRequest, type RunContext, type RunTarget } from './runner-request';
import { RunSchemas } from './runner-schemas';
import { openSavedWorkspace } from '../use-cases/saved-workspace';
import type { SecretStore } from '../../workspace/secrets';

/** A run without a person to sign in: a flow that needs one fails, saying to get the token first. */
const headlessSteps: UserSteps = {
  openBrowser: () => {
    throw new AuthError(
      'This auth signs in in a browser, which a run cannot open.',
      'Use client credentials, a JWT or a token command for runs, or pass --auth-bearer with a token.',
    );
  },
  showDeviceCode: () => {
    throw new AuthError(
      'The device flow needs a person, which a run does not have.',
      'Use client credentials for runs.',
    );
  },
};

/** What to run, and where secrets and results go. */
export interface RunOptions {
  /** The workspace folder (it must hold a protodesk.json). */
  folder: string;
  /** Only this collection; absent: all, in name order. */
  collection?: string;
  /** The environment whose variables fill `{{name}}`; absent: none. */
  environment?: string;
  /** Where the environment's secret values are read from. */
  secrets: SecretStore;
  /** Values given for this run (`--var`): over the environment's, under captured ones. */
  variables?: Readonly<Record<string, string>>;
  /** Called as each request finishes, for progress output. */
  onResult?: (result: RequestRunResult) => void;
  /** Deadline of requests that set none; default 30 s, so a run never hangs. */
  defaultDeadlineMs?: number;
  /** Sends every request here instead of to its own target, e.g. the workspace's mock (`protodesk run --mock`). */
  target?: RunTarget;
  /** Gets tokens for requests that use auth; absent: one for this run. Its steps are needed only by sign-in flows. */
  authorizer?: Authorizer;
  /** Auth for every request instead of what the workspace sets (`protodesk run --auth-…`). */
  auth?: EffectiveAuth;
}

/**
 * Runs the saved requests of a workspace in order (collection, folders, name; natural order), values captured by each
 * feeding the variables of the next. A request that cannot run (its file, or protodesk.json, does not parse) is a
 * failed result and the run goes on. Throws RunSelectionError, before running anything, when the folder, collection
 * or environment does not exist. A run only reads: it never creates, moves or rewrites a file of the workspace.
 */
export async function runWorkspace(options: RunOptions): Promise<RunReport> {
  const started = performance.now();
  const { files, state, variables } = await openSavedWorkspace(
    options.folder,
    options.secrets,
    options.environment,
    options.variables,
  );
  const plan = planRun(state, options.collection);
  // Every report, the progress lines included, is made from these results: no secret value gets past here.
  const redactor = new SecretRedactor(variables.secrets);
  const manifest = await files.readManifest().catch((error: unknown) => {
    if (error instanceof WorkspaceFileError) return error;
    throw error;
  });
  if (manifest instanceof WorkspaceFileError) {
    // Without its sources no request can be called: each is reported as not run, with why.
    const problem = {
      path: manifest.path,
      message: manifest.message,
      ...(manifest.hint ? { hint: manifest.hint } : {}),
    };
    const results = plan.map((step) => notRun(step.entry, problem));
    results.forEach((result) => options.onResult?.(result));
    return { results, passed: false, durationMs: Math.round(performance.now() - started) };
  }
  const context: RunContext = {
    files,
    schemas: new RunSchemas(manifest.value.sources),
    engine: new CallEngine(),
    temp: new TempArea(),
    variables,
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    defaultDeadlineMs: options.defaultDeadlineMs ?? defaultRunDeadlineMs,
    ...(options.target ? { target: options.target } : {}),
    authorizer: options.authorizer ?? new Authorizer(headlessSteps),
    ...(options.auth ? { auth: options.auth } : {}),
  };
  const results: RequestRunResult[] = [];
  try {
    for (const step of plan) {
      const result = redactor.redactValue(await runStep(context, step));
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    context.engine.close();
    await context.temp.dispose();
  }
  return {
    results,
    passed: results.every((result) => result.passed),
    durationMs: Math.round(performance.now() - started),
  };
}

function runStep(context: RunContext, step: PlannedRequest): Promise<RequestRunResult> | RequestRunResult {
  return step.kind === 'request' ? runSavedRequest(context, step.entry) : notRun(step.entry, step.problem);
}

/** A request that did not run because a file it needs cannot be used. */
function notRun(entry: SavedRequestEntry, problem: WorkspaceProblem): RequestRunResult {
  return {
    path: entry.path,
    collection: entry.collection,
    folders: entry.folders,
    name: entry.name,
    method: entry.method,
    durationMs: 0,
    assertions: [],
    captures: [],
    error: `${problem.message}${problem.hint ? ` ${problem.hint}` : ''}`,
    passed: false,
  };
}
