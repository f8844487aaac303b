/** The `auth` domain: the auth a request uses, and its token ("Get new token", "Clear"); never a token's value. */
import { z } from 'zod';
import type { AuthStatus } from '../../auth';
import { operation } from '../operation';
import { callContextSchema } from '../workspace-validation';

/** Which request: its saved file (for its folders' and collection's auth), the tab's own auth, the environment. */
const authContextSchema = callContextSchema.pick({ savedPath: true, auth: true, environment: true });

export const authOperations = {
  /** The effective auth and its token: the kept one, else a new one (`fresh`: always a new one, "Get new token"). */
  token: operation<AuthStatus>()({ context: authContextSchema, fresh: z.boolean().optional() }),
  /** The effective auth and the token kept for it, without obtaining one. */
  view: operation<AuthStatus>()({ context: authContextSchema }),
  /** Forgets the token kept for the effective auth. */
  clear: operation<void>()({ context: authContextSchema }),
} as const;
