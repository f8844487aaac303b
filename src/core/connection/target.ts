import { ConnectionError } from './errors';

/** A target the user typed, resolved into what grpc-js dials. */
export interface ParsedTarget {
  /** The address for `new grpc.Client(address, ...)`: `host:port`, `dns:///host:port` or `unix:///path`. */
  address: string;
  /** `host:port` (or the socket path) as shown in messages. */
  display: string;
  /** `true` for `grpcs://` and `https://`, `false` for `grpc://` and `http://`, `undefined` when the target says nothing. */
  impliedTls: boolean | undefined;
  /**
   * Only for `http://` and `https://` targets: the URL's path without its trailing slash (`/api` for
   * `https://host/api/`), which gRPC-Web and Connect calls put before `/pkg.Service/Method`; `''` when there is none.
   */
  pathPrefix?: string;
}

/**
 * Parses `host:port`, `[::1]:port`, `dns:///host:port`, `unix:///path` (or `unix:path`), `grpc://host:port`
 * (plaintext), `grpcs://host:port` (TLS), and the URLs of gRPC-Web and Connect servers: `http://host[:port][/prefix]`
 * (plaintext, port 80 by default) and `https://host[:port][/prefix]` (TLS, port 443 by default). Throws
 * ConnectionError when the target cannot be dialled.
 */
export function parseTarget(input: string): ParsedTarget {
  const target = input.trim();
  if (target === '') fail('The target is empty.');
  if (target.startsWith('unix:')) {
    const path = target.startsWith('unix://') ? target.slice('unix://'.length) : target.slice('unix:'.length);
    if (path === '') fail(`The target ${quote(input)} names no socket path.`);
    if (target.startsWith('unix://') && !path.startsWith('/')) {
      fail(
        `The target ${quote(input)} is not an absolute socket path.`,
        'Write unix:///absolute/path or unix:relative/path.',
      );
    }
    return { address: target, display: path, impliedTls: undefined };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(target);
  if (!scheme) return { ...hostPort(input, target), impliedTls: undefined };
  const name = scheme[1]!.toLowerCase();
  const rest = target.slice(scheme[0].length);
  switch (name) {
    case 'grpc':
      return { ...hostPort(input, stripPath(rest)), impliedTls: false };
    case 'grpcs':
      return { ...hostPort(input, stripPath(rest)), impliedTls: true };
    case 'http':
    case 'https':
      return httpUrl(input, rest, name === 'https');
    case 'dns': {
      // dns:///host:port, or dns://resolver/host:port: grpc-js takes both; only host:port is checked here.
      const slash = rest.indexOf('/');
      const hp = hostPort(input, slash < 0 ? rest : rest.slice(slash + 1));
      return { address: target, display: hp.display, impliedTls: undefined };
    }
    default:
      return fail(
        `The target ${quote(input)} uses the scheme ${name}://, which is not supported.`,
        'Use host:port, grpc://host:port, grpcs://host:port, http(s)://host[:port][/prefix], dns:///host:port or unix:///path.',
      );
  }
}

/** `http(s)://host[:port][/prefix]`: the default port of the scheme, and the path as the prefix of call paths. */
function httpUrl(input: string, rest: string, tls: boolean): ParsedTarget {
  if (/[?#]/.test(rest)) {
    fail(
      `The target ${quote(input)} has a query or fragment, which calls cannot use.`,
      'Write the server’s URL with at most a path prefix, e.g. https://api.example.com/grpc.',
    );
  }
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const port = /:\d*$/.test(authority) && !authority.endsWith(']') ? '' : `:${tls ? 443 : 80}`;
  const pathPrefix = slash < 0 ? '' : rest.slice(slash).replace(/\/+$/, '');
  return { ...hostPort(input, authority + port), impliedTls: tls, pathPrefix };
}

/** `grpc://host:port/` tolerates a trailing slash, as URLs copied from elsewhere often have one. */
function stripPath(rest: string): string {
  return rest.endsWith('/') ? rest.slice(0, -1) : rest;
}

/** Checks `host:port` / `[v6]:port`; returns the grpc-js address and the display form. */
function hostPort(input: string, text: string): { address: string; display: string } {
  const match = /^(\[[0-9a-fA-F:.%a-zA-Z]+\]|[^:[\]/\s]+):(\d+)$/.exec(text);
  if (!match) {
    const hint = /^[^:]+$/.test(text)
      ? `Add the port, e.g. ${text}:443 for TLS or ${text}:50051.`
      : 'Write host:port, e.g. localhost:50051 or [::1]:50051.';
    return fail(`The target ${quote(input)} is not host:port.`, hint);
  }
  const port = Number(match[2]);
  if (port < 1 || port > 65535) fail(`The port in ${quote(input)} is out of range (1-65535).`);
  const display = `${match[1]}:${port}`;
  return { address: display, display };
}

/** A target's display (`host:port`, `[v6]:port`) → the host without brackets and the port; undefined for a unix path. */
export function splitDisplay(display: string): { host: string; port: number } | undefined {
  const parts = /^\[?([^\]]*?)\]?:(\d+)$/.exec(display);
  return parts ? { host: parts[1]!, port: Number(parts[2]) } : undefined;
}

function quote(text: string): string {
  return `"${text}"`;
}

function fail(message: string, hint?: string): never {
  throw new ConnectionError([hint ? { message, hint } : { message }]);
}
