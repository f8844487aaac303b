/** What the CLI uses of auth: the authorizer that keeps tokens for a run, and the one rule that puts auth on a call. */
export { Authorizer, type Credentials } from '../../auth/authorizer';
export { AuthError } from '../../auth/errors';
export type { UserSteps } from '../../auth/oauth2/user-steps';
export { applyAuth, explainRefusal, type AppliedAuth, type UsedAuth } from '../use-cases/authorize';
