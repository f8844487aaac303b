import type { EffectiveAuth } from '../../../shared/auth';
import type { CallRequest } from '../../../shared/call';
import type { Authorizer } from '../../auth/authorizer';
import type { LoadAuth } from '../../load/run/prepare';
import { callAuthInput, effectiveAuth } from '../../workspace/effective-auth';
import { loadAuth } from './authorize';
import type { SchemaSource } from '../../../shared/schema';
import type { CallContext } from '../../../shared/workspace';
import type { LoadInput } from '../../load/run/start-load';
import type { Schema } from '../../schema/schema';
import type { SecretStore } from '../../workspace/secrets';
import { requestWithContextConnection } from '../context-request';
import { RunSchemas } from '../run/runner-schemas';
import { TempArea } from '../temp-area';
import type { WorkspaceService } from '../workspace-service';
import { prepareCall } from './prepare-call';
import { findSavedRequest, resolveSavedRequest } from './saved-request';
import { openSavedWorkspace } from './saved-workspace';
import { workspaceProfileTls, type ProfileTls } from './tls-profile';

/** A request given whole (the command line's flags, or the page's tab), in the app's workspace context if it has one. */
export interface RequestLoadSubject {
  kind: 'request';
  schema: Schema;
  request: CallRequest;
  source: SchemaSource;
  /** The tab's environment and TLS profile, read from the open workspace. */
  context?: { call: CallContext; workspace: WorkspaceService; profileTls: ProfileTls };
  auth?: LoadAuthSource;
}

/** Who obtains the run's token, and the auth given on the command line (over any the workspace sets). */
export interface LoadAuthSource {
  authorizer: Authorizer;
  flags?: EffectiveAuth;
}

/** A saved request of a workspace folder, by name (`protodesk load --workspace DIR --request PATH`). */
export interface SavedLoadSubject {
  kind: 'saved';
  workspace: string;
  request: string;
  environment?: string;
  /** --var values, over the environment's. */
  variables: Readonly<Record<string, string>>;
  /** Where the environment's secret values are read from. */
  secrets: SecretStore;
  auth?: LoadAuthSource;
}

/** What a load test may be asked to call. */
export type LoadSubject = RequestLoadSubject | SavedLoadSubject;

/** A load test's input in its workspace context, and the context's secret values (by name). */
export interface LoadInContext {
  input: LoadInput;
  secrets: ReadonlyMap<string, string>;
}

/** What a load test calls, the schema source it came from (exports name it), and its clean-up. */
export interface PreparedLoadSubject extends LoadInContext {
  source: SchemaSource;
  /** Removes temporary files (a TLS profile's embedded PEM) once the run or export is over. */
  dispose: () => Promise<void>;
  /** The auth the run sends, as set (`{{variables}}` unfilled), for exports. */
  effectiveAuth?: EffectiveAuth;
}

/**
 * Turns what a load test was asked to call into the load engine's input, for the command line and the app alike:
 * the TLS profile and protocol of its context applied, `{{variables}}` left for the engine to fill per call from the
 * data file's row and then the context's values. A saved request is read as `protodesk run` reads it. Throws
 * RunSelectionError for a workspace, environment or saved request that does not exist, TlsProfileError for a
 * profile that cannot be used.
 */
export async function prepareLoad(subject: LoadSubject): Promise<PreparedLoadSubject> {
  return subject.kind === 'saved' ? savedLoad(subject) : requestLoad(subject);
}

async function requestLoad({
  schema,
  request,
  source,
  context,
  auth,
}: RequestLoadSubject): Promise<PreparedLoadSubject> {
  // The method's words are a call's (the load engine checks it again, as a call does).
  prepareCall(schema, request);
  const dispose = (): Promise<void> => Promise.resolve();
  if (!context) {
    const values = new Map<string, string>();
    return {
      input: { schema, request, values, ...runAuth(auth, auth?.flags, values) },
      secrets: new Map(),
      source,
      dispose,
      ...(auth?.flags ? { effectiveAuth: auth.flags } : {}),
    };
  }
  const variables = await context.workspace.variables(context.call.environment);
  const { request: connected } = await requestWithContextConnection(
    request,
    {
      tlsProfile: context.call.tlsProfile,
      environmentTlsProfile: variables.tlsProfile,
      environmentProtocol: variables.protocol,
    },
    context.profileTls,
  );
  const environment = context.call.environment;
  const effective =
    auth?.flags ??
    (await effectiveAuth(
      await context.workspace.files(),
      callAuthInput(context.call, environment, variables.auth),
    ));
  return {
    input: {
      schema,
      request: connected,
      values: variables.values,
      ...(environment !== undefined ? { environment } : {}),
      ...runAuth(auth, effective, variables.values, environment),
    },
    secrets: variables.secrets,
    source,
    dispose,
    ...(effective ? { effectiveAuth: effective } : {}),
  };
}

/** The run's LoadAuth, when there is auth to send and an authorizer to get it. */
function runAuth(
  source: LoadAuthSource | undefined,
  effective: EffectiveAuth | undefined,
  values: ReadonlyMap<string, string>,
  environment?: string,
): { auth?: LoadAuth } {
  if (source === undefined || effective === undefined || effective.settings.type === 'none') return {};
  return { auth: loadAuth(source.authorizer, effective, values, environment) };
}

async function savedLoad(subject: SavedLoadSubject): Promise<PreparedLoadSubject> {
  const { files, state, variables } = await openSavedWorkspace(
    subject.workspace,
    subject.secrets,
    subject.environment,
    subject.variables,
  );
  const entry = findSavedRequest(state, subject.request);
  const saved = (await files.readRequest(entry.path)).value;
  const temp = new TempArea();
  try {
    const { request } = await resolveSavedRequest(saved, {
      profileTls: workspaceProfileTls(() => files, temp),
      variables,
    });
    const { sources } = (await files.readManifest()).value;
    const { schema, source } = await new RunSchemas(sources).findSource(saved.method);
    const { environment } = subject;
    const effective =
      subject.auth?.flags ??
      (await effectiveAuth(
        files,
        callAuthInput({ savedPath: entry.path, auth: saved.auth }, environment, variables.auth),
      ));
    return {
      input: {
        schema,
        request,
        values: variables.values,
        ...(environment !== undefined ? { environment } : {}),
        ...runAuth(subject.auth, effective, variables.values, environment),
      },
      secrets: variables.secrets,
      source,
      dispose: () => temp.dispose(),
      ...(effective ? { effectiveAuth: effective } : {}),
    };
  } catch (error) {
    await temp.dispose();
    throw error;
  }
}
