import { proxyEnvironment, proxyFor } from '../../connection/proxy-env';

/** An HTTP CONNECT proxy to tunnel through. */
export interface ProxyRoute {
  host: string;
  port: number;
  /** `http://host:port` without credentials, and the variable it came from: for messages. */
  origin: string;
  variable: string;
  /** `Basic …` when the proxy URL carries credentials. */
  authorization?: string;
}

/** Where a client's sockets go: the server, and the proxy in between when the environment names one. */
export interface Route {
  host: string;
  port: number;
  proxy: ProxyRoute | undefined;
}

/** `host:port` or `[v6]:port` → the route, with the proxy chosen by the same rules (and variables) as gRPC calls. */
export function routeTo(hostPort: string, env: NodeJS.ProcessEnv = process.env): Route {
  const colon = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(hostPort.slice(colon + 1));
  return { host, port, proxy: proxyRoute(hostPort.slice(0, colon), env) };
}

function proxyRoute(host: string, env: NodeJS.ProcessEnv): ProxyRoute | undefined {
  // A copy, so upper-case HTTPS_PROXY / NO_PROXY count even where the process never copied them to lower case.
  const view = { ...env };
  proxyEnvironment(view);
  const proxy = proxyFor(host, view);
  if (!proxy) return undefined;
  const url = new URL(view[proxy.variable]!);
  const route: ProxyRoute = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 80 : Number(url.port),
    origin: proxy.url,
    variable: proxy.variable,
  };
  if (url.username !== '') {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    route.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  return route;
}
