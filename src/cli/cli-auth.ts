import type { AuthSettings, EffectiveAuth } from '../shared/auth';
import type { CallStatus } from '../shared/call';
import type { MetadataEntry } from '../shared/schema';
import {
  applyAuth,
  Authorizer,
  explainRefusal,
  SecretRedactor,
  type UsedAuth,
} from '../core/service/entry/auth';
import { SchemaError } from '../core/service/entry/errors';
import { authFromFlags, type AuthFlags } from './auth-flags';
import { cliUserSteps } from './auth-steps';
import { CallExit } from './call-exit';

const unauthenticated = 16;

/** Without auth flags, what an UNAUTHENTICATED answer's hint suggests. */
const noAuthHint =
  'No auth flag was given: add --auth-bearer, --auth-basic, --oauth2-client-id or another (see --help).';

/**
 * The auth of one command: the flags' settings, one Authorizer (so reflection and the call share one token), the
 * secrets it used (to hide them in everything printed on stderr) and what it sent (to explain a refusal).
 */
export class CliAuth {
  /** Shared with a load test, so its run keeps the token reflection got. */
  readonly authorizer: Authorizer;
  private readonly secrets: Map<string, string>;
  private redactor: SecretRedactor;
  private used: UsedAuth | undefined;
  /** Whether -H gave an authorization entry of its own (then a refusal is not for want of an auth flag). */
  private headerAuthorization = false;

  private constructor(
    private readonly auth: EffectiveAuth | undefined,
    err: (text: string) => void,
    browser: boolean,
  ) {
    this.authorizer = new Authorizer(cliUserSteps(err, { browser }));
    this.secrets = new Map(auth ? settingsSecrets(auth.settings) : []);
    this.redactor = new SecretRedactor(this.secrets);
  }

  /** The auth the flags give (usage errors thrown here, before anything is sent). */
  static fromFlags(flags: AuthFlags, err: (text: string) => void): CliAuth {
    return new CliAuth(authFromFlags(flags), err, flags.browser !== false);
  }

  /** Whether the flags gave any auth. */
  get given(): boolean {
    return this.auth !== undefined;
  }

  /** The auth the flags give, if any. */
  get effective(): EffectiveAuth | undefined {
    return this.auth;
  }

  /** The metadata with the auth's entries in place of any of the same name (a token obtained when needed). */
  async apply(metadata: MetadataEntry[]): Promise<MetadataEntry[]> {
    this.headerAuthorization ||= metadata.some((entry) => entry.key.toLowerCase() === 'authorization');
    const applied = await applyAuth(this.authorizer, metadata, this.auth);
    for (const [name, value] of applied.secrets) this.secrets.set(name, value);
    this.redactor = new SecretRedactor(this.secrets);
    this.used = applied.used;
    return applied.metadata;
  }

  /** A text with every secret of the auth replaced by `{{auth.…}}`. */
  redact(text: string): string {
    return this.redactor.redact(text);
  }

  /**
   * An UNAUTHENTICATED status with the hint naming the auth sent, or the flags to send some (unless -H sent an
   * authorization of its own); others as they are.
   */
  explain(status: CallStatus): CallStatus {
    if (status.code !== unauthenticated) return status;
    if (this.used !== undefined) return explainRefusal(status, { metadata: [], used: this.used });
    return this.headerAuthorization ? status : { ...status, hint: status.hint ?? noAuthHint };
  }

  /** Runs a command's work; what it throws reaches the terminal with the auth's secrets hidden. */
  async guard<T>(work: () => Promise<T>, err: (text: string) => void): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CallExit || this.redactor.empty) throw this.explainReflection(error);
      // Loaded only on failure, as src/cli/run.ts does: printed here, through the redactor, then the exit code.
      const { exitCodeFor } = await import('./exit-code');
      throw new CallExit(exitCodeFor(this.explainReflection(error), (text) => err(this.redact(text))));
    }
  }

  /** A reflection request the server refused as UNAUTHENTICATED, its hint naming the auth sent. */
  private explainReflection(error: unknown): unknown {
    if (!(error instanceof SchemaError) || error.grpcCode !== unauthenticated) return error;
    const [first] = error.problems;
    const status: CallStatus = {
      code: unauthenticated,
      name: 'UNAUTHENTICATED',
      message: first?.message ?? '',
    };
    const { hint } = this.explain(status);
    return new SchemaError(
      error.problems.map((problem) => (hint === undefined ? problem : { ...problem, hint })),
      error.grpcCode,
    );
  }
}

/** The secret values the flags hold themselves (the redactor then hides them before any token exists). */
function settingsSecrets(settings: AuthSettings): [string, string][] {
  switch (settings.type) {
    case 'bearer':
      return [['auth.token', settings.token]];
    case 'basic':
      return [['auth.password', settings.password]];
    case 'apiKey':
      return [['auth.apiKey', settings.value]];
    case 'oauth2':
      return settings.clientSecret === undefined ? [] : [['auth.clientSecret', settings.clientSecret]];
    case 'jwt':
      return settings.secret === undefined ? [] : [['auth.jwtSecret', settings.secret]];
    default:
      return [];
  }
}
