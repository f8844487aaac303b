import { isIPv4 } from 'node:net';

/**
 * HTTP CONNECT proxies for calls. grpc-js reads only lower-case variables from process.env, when a channel is created:
 * `grpc_proxy`, else `https_proxy`, else `http_proxy` (an `http://[user:pass@]host[:port]` URL), and the bypass list
 * `no_grpc_proxy`, else `no_proxy` (comma-separated host suffixes, IPv4 addresses or IPv4 CIDRs). People set the
 * upper-case names, as curl documents them; this module copies those over so both spellings work.
 */

/** The upper-case variables people set, and the lower-case names grpc-js reads. */
const COPIES = [
  ['HTTPS_PROXY', 'https_proxy'],
  ['HTTP_PROXY', 'http_proxy'],
  ['NO_PROXY', 'no_proxy'],
] as const;

/** One variable copied from its upper-case spelling. */
export interface ProxyVariableCopy {
  /** The lower-case variable set, e.g. `https_proxy`. */
  name: string;
  /** The upper-case variable it came from, e.g. `HTTPS_PROXY`. */
  from: string;
  value: string;
}

/**
 * Copies HTTPS_PROXY, HTTP_PROXY and NO_PROXY to https_proxy, http_proxy and no_proxy where the lower-case name is
 * unset or empty (a lower-case value always wins); returns the copies made. Call once at startup, before any channel
 * exists. NO_PROXY entries are trimmed (`a, b` becomes `a,b`) because grpc-js compares them untrimmed.
 */
export function proxyEnvironment(env: NodeJS.ProcessEnv = process.env): ProxyVariableCopy[] {
  const copies: ProxyVariableCopy[] = [];
  for (const [from, name] of COPIES) {
    const upper = env[from];
    if (!upper || env[name]) continue;
    const value = name === 'no_proxy' ? trimList(upper) : upper.trim();
    env[name] = value;
    copies.push({ name, from, value });
  }
  return copies;
}

/** The proxy a call to `host` goes through. */
export interface ProxyInUse {
  /** The proxy's scheme, host and port, without credentials, e.g. `http://proxy.corp:3128`. */
  url: string;
  /** The variable it came from, e.g. `https_proxy`. */
  variable: string;
}

/**
 * Which proxy grpc-js (1.14, http_proxy.ts) tunnels a call to `host` (no port; `[v6]` allowed) through, by its rules,
 * or undefined when it dials directly. For failure messages: grpc-js reports a failed proxy as `Last error: undefined`.
 */
export function proxyFor(host: string, env: NodeJS.ProcessEnv = process.env): ProxyInUse | undefined {
  const variable = ['grpc_proxy', 'https_proxy', 'http_proxy'].find((name) => env[name]);
  if (!variable) return undefined;
  const url = URL.parse(env[variable]!);
  // grpc-js ignores (and logs) a proxy it cannot parse or that is not http://.
  if (url?.protocol !== 'http:') return undefined;
  const bare = host.replace(/^\[|\]$/g, '');
  const bypass = (env.no_grpc_proxy || env.no_proxy)?.split(',') ?? [];
  if (bypass.some((entry) => inCidr(bare, entry) || bare.endsWith(entry))) return undefined;
  return { url: url.origin, variable };
}

/** grpc-js's CIDR test: `entry` is `a.b.c.d/n` and `host` an IPv4 address inside it. */
function inCidr(host: string, entry: string): boolean {
  const [ip, bits, ...rest] = entry.split('/');
  const prefix = Number.parseInt(bits ?? '', 10);
  if (rest.length > 0 || !isIPv4(host) || !isIPv4(ip ?? '') || !(prefix >= 0 && prefix <= 32)) return false;
  // The same arithmetic as grpc-js, /0 included (where the shift wraps and only the exact address matches).
  const mask = -1 << (32 - prefix);
  return (ipv4(host) & mask) === (ipv4(ip!) & mask);
}

function ipv4(address: string): number {
  return address.split('.').reduce((sum, octet) => (sum << 8) + Number(octet), 0);
}

/** `a, b ,c` → `a,b,c`, dropping empty entries. */
function trimList(list: string): string {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .join(',');
}
