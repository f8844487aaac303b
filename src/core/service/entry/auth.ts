/**
 * What the CLI uses of auth: the authorizer that keeps tokens for a run, the one rule that puts auth on a call, and
 * the redactor that keeps its secrets out of what is printed.
 */
export { Authorizer, type Credentials } from '../../auth/authorizer';
export { AuthError } from '../../auth/errors';
export type { UserSteps } from '../../auth/oauth2/user-steps';
export { applyAuth, explainRefusal, type AppliedAuth, type UsedAuth } from '../use-cases/authorize';
export { SecretRedactor } from '../../workspace/redaction';
