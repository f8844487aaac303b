// In front of the provider's token endpoint: what the peer counts, and the one rule oidc-provider leaves out.
import type { ProviderContext } from 'oidc-provider';

/** One request the token endpoint received. */
export interface TokenRequest {
  grantType: string;
  /** The client the request names (in its Basic credentials or its form); missing when it names none. */
  clientId?: string;
}

type SecretMethod = 'client_secret_basic' | 'client_secret_post';

async function readBody(ctx: ProviderContext): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** The client id of `Authorization: Basic` credentials (form-encoded, RFC 6749 2.3.1), if the header has them. */
function basicClientId(authorization: string): string | undefined {
  const [scheme, value] = authorization.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined;
  const decoded = Buffer.from(value, 'base64').toString();
  return decodeURIComponent(decoded.slice(0, decoded.indexOf(':')).replace(/\+/g, ' '));
}

/**
 * A middleware recording every token request in `requests`, and refusing (401 invalid_client) a client that sends its
 * secret the other way than `methods` registers: oidc-provider accepts basic and post alike for either, so without this
 * a client that ignored its basic/post setting would pass.
 */
export function tokenGate(
  methods: ReadonlyMap<string, SecretMethod>,
  requests: TokenRequest[],
): (ctx: ProviderContext, next: () => Promise<void>) => Promise<void> {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/token') return next();
    const body = await readBody(ctx);
    ctx.req.body = body;
    const form = new URLSearchParams(body);
    const basic = basicClientId(ctx.get('authorization'));
    const clientId = basic ?? form.get('client_id') ?? undefined;
    requests.push({ grantType: form.get('grant_type') ?? '', clientId });
    const registered = clientId === undefined ? undefined : methods.get(clientId);
    const used = basic !== undefined ? 'client_secret_basic' : 'client_secret_post';
    if (registered && registered !== used) {
      ctx.status = 401;
      ctx.body = {
        error: 'invalid_client',
        error_description: `${clientId} is registered for ${registered}, but the request used ${used}`,
      };
      return;
    }
    return next();
  };
}
