import { renewAt, type Token } from './token';

/** Gets a token: the one kept, the last one's renewal, or a new one. */
export type ObtainToken = (previous: Token | undefined) => Promise<Token>;

interface Entry {
  token?: Token;
  /** The fetch in progress: every call waiting on a token shares it. */
  pending?: Promise<Token>;
}

/**
 * Tokens kept in memory by a key of their settings, renewed before they expire. Callers that ask at once share one
 * fetch, so a load test of thousands of calls fetches one token.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The kept token while it is fresh (and `maxAgeMs`, when given, has not passed), else one from `obtain`. */
  async get(key: string, obtain: ObtainToken, maxAgeMs?: number): Promise<Token> {
    const entry = this.entries.get(key) ?? {};
    this.entries.set(key, entry);
    if (entry.token !== undefined && this.fresh(entry.token, maxAgeMs)) return entry.token;
    entry.pending ??= obtain(entry.token)
      .then((token) => {
        entry.token = token;
        return token;
      })
      .finally(() => delete entry.pending);
    return entry.pending;
  }

  /** Takes a token kept elsewhere (across a restart) as the one to use or renew, unless one is held already. */
  seed(key: string, token: Token): void {
    const entry = this.entries.get(key) ?? {};
    entry.token ??= token;
    this.entries.set(key, entry);
  }

  /** The kept token, fresh or not. */
  peek(key: string): Token | undefined {
    return this.entries.get(key)?.token;
  }

  /** Forgets a token ("Clear", or after the server refused it). */
  clear(key: string): void {
    this.entries.delete(key);
  }

  private fresh(token: Token, maxAgeMs: number | undefined): boolean {
    const now = this.now();
    if (maxAgeMs !== undefined && now - token.obtainedAt >= maxAgeMs) return false;
    const renew = renewAt(token);
    return renew === undefined || now < renew;
  }
}
