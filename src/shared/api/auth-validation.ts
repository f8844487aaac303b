/** Runtime schema of auth settings: what the page sends and what request, folder and environment files hold. */
import { z } from 'zod';
import { jwtAlgorithms, oauth2Flows, type AuthSettings } from '../auth';

const text = z.string().max(64 * 1024);
const seconds = z
  .number()
  .int()
  .min(0)
  .max(365 * 24 * 3600);

export const authSettingsSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({ type: z.literal('bearer'), token: text }),
  z.strictObject({ type: z.literal('basic'), username: text, password: text }),
  z.strictObject({ type: z.literal('apiKey'), name: text.min(1), value: text }),
  z.strictObject({
    type: z.literal('oauth2'),
    flow: z.enum(oauth2Flows),
    issuer: text.optional(),
    tokenUrl: text.optional(),
    authorizationUrl: text.optional(),
    deviceAuthorizationUrl: text.optional(),
    clientId: text.min(1),
    clientSecret: text.optional(),
    scope: text.optional(),
    audience: text.optional(),
    resource: text.optional(),
    clientAuth: z.enum(['basic', 'post']).optional(),
    keepToken: z.boolean().optional(),
  }),
  z.strictObject({
    type: z.literal('jwt'),
    algorithm: z.enum(jwtAlgorithms),
    secret: text.optional(),
    keyFile: text.optional(),
    claims: text,
    lifetimeSeconds: seconds.min(1).optional(),
  }),
  z.strictObject({ type: z.literal('command'), command: text.min(1), cacheSeconds: seconds.optional() }),
]) satisfies z.ZodType<AuthSettings>;

/** `collections/<collection>/<folder…>/_folder.json`: what a folder (or a whole collection) gives its requests. */
export const folderSettingsSchema = z.strictObject({ auth: authSettingsSchema.optional() });
