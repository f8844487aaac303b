/**
 * The `auth` domain of the contract: which auth a request uses and the token kept for it. Tokens are obtained and kept
 * by the engine's one Authorizer (the same Send uses, so "Get new token" and the next call share it); the page is shown
 * a TokenView, never the token.
 */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import { hasToken, type AuthSettings, type AuthStatus, type EffectiveAuth } from '../../../shared/auth';
import { resolveAuthSettings, UnresolvedVariablesError } from '../../workspace/variables';
import type { ServiceParts } from './parts';

/** Answers `auth.*` operations. */
export class AuthDomain implements DomainService<'auth'> {
  constructor(private readonly parts: ServiceParts) {}

  async token({ context, fresh }: OperationInput<'auth.token'>): Promise<AuthStatus> {
    const auth = await this.parts.workspace.effectiveAuth(context);
    if (auth === undefined || !hasToken(auth.settings)) return await this.status(auth);
    const settings = await this.filled(auth.settings, context.environment);
    await this.parts.auth.authorizer.token(settings, fresh ?? false);
    return await this.status(auth, settings);
  }

  async view({ context }: OperationInput<'auth.view'>): Promise<AuthStatus> {
    const auth = await this.parts.workspace.effectiveAuth(context);
    if (auth === undefined || !hasToken(auth.settings)) return await this.status(auth);
    const settings = await this.filled(auth.settings, context.environment).catch((error: unknown) => {
      // A variable without a value: no token can have been obtained for these settings.
      if (error instanceof UnresolvedVariablesError) return undefined;
      throw error;
    });
    return await this.status(auth, settings);
  }

  async clear({ context }: OperationInput<'auth.clear'>): Promise<void> {
    const auth = await this.parts.workspace.effectiveAuth(context);
    if (auth === undefined || !hasToken(auth.settings)) return;
    await this.parts.auth.authorizer.clear(await this.filled(auth.settings, context.environment));
  }

  /** The settings with their `{{variables}}` filled from the environment, as Send fills them (the token's key). */
  private async filled(settings: AuthSettings, environment: string | undefined): Promise<AuthSettings> {
    const { values } = await this.parts.workspace.variables(environment);
    return resolveAuthSettings(settings, values, environment);
  }

  /** The page's view: the settings as saved, and what is kept of the token for the filled ones. */
  private async status(auth: EffectiveAuth | undefined, filled?: AuthSettings): Promise<AuthStatus> {
    if (auth === undefined) return {};
    const token = filled && (await this.parts.auth.authorizer.view(filled));
    return { auth, ...(token ? { token } : {}) };
  }
}
