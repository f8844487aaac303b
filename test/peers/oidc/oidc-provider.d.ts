// oidc-provider ships no types (DefinitelyTyped's lag behind v9): the part of its API the test peer uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  /** The part of Koa's context the peer's middleware uses. */
  export interface ProviderContext {
    method: string;
    path: string;
    /** Node's request; a body read before the provider is left in `body`, where the provider looks for it. */
    req: IncomingMessage & { body?: string };
    get: (header: string) => string;
    status: number;
    body: unknown;
  }

  /** The provider's configuration (see oidc-provider's docs/README.md); the peer types its own callbacks. */
  export type Configuration = Record<string, unknown>;

  /** OAuth errors a configuration callback may throw (each answers the request with its `error` code). */
  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };

  /** The OpenID provider: a Koa application. */
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): this;
  }
}
