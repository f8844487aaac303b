import { isIP } from 'node:net';
import { h2cSwitches } from '../../shared/protocol-names';
import type { TlsSettings } from '../../shared/schema';
import type { ConnectionProblem } from './errors';
import { exampleName } from './example-name';
import { proxyFor } from './proxy-env';
import { socketFailure } from './socket-failure';

/** How a call refused for an untrusted chain says so (untrusted-ca.ts finds such calls by it to name the issuer). */
export const untrustedCaWords = 'is not signed by a trusted CA';

/** Where a connection was attempted, for messages about why it failed. */
export interface AttemptContext {
  /** `host:port` as the user typed it. */
  display: string;
  tls: TlsSettings;
  /** gRPC-Web and Connect calls: the HTTP version asked for in plaintext (their servers may speak only one). */
  web?: { http2: boolean };
}

/** Explains a call that ended UNAVAILABLE before reaching the server: refused, unresolvable, TLS problems, plaintext/TLS mismatch. */
export function connectionFailure(details: string, context: AttemptContext): ConnectionProblem {
  return unavailable(lastError(details), context);
}

/** The connection never worked: say which of the usual suspects it is. */
function unavailable(reason: string, { display, tls, web }: AttemptContext): ConnectionProblem {
  // A unix socket's display is its path, which is what Node's connect error names.
  const socket = socketFailure(reason, display);
  if (socket) return socket;
  // Through a proxy, every connection goes to the proxy; grpc-js reports a dead proxy as "undefined".
  const proxy = proxyFor(display.replace(/:\d+$/, ''));
  if (proxy && /^undefined$|proxy|ECONNREFUSED|ECONNRESET/i.test(reason)) {
    return {
      message: `Cannot reach ${display} through the proxy ${proxy.url} (from ${proxy.variable}): the proxy is down or refused the tunnel.`,
      hint: `Check the proxy, or add the host to NO_PROXY to connect directly.`,
    };
  }
  if (/ECONNREFUSED/.test(reason)) {
    return {
      message: `Cannot reach ${display}: connection refused — is the server running?`,
      hint: 'Check the host and port.',
    };
  }
  if (/Name resolution failed|ENOTFOUND|EAI_AGAIN/.test(reason)) {
    return {
      message: `Cannot find host ${hostOf(display)}: the name does not resolve to an address.`,
      hint: 'Check the spelling of the host, and that this computer reaches its DNS server (VPN, network).',
      technical: reason,
    };
  }
  if (/ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/.test(reason)) {
    return {
      message: `Cannot reach ${display}: the host does not answer (${reason}).`,
      hint: 'Check the address and that no firewall is in the way.',
    };
  }
  if (tls.mode === 'plaintext' && web) return webPlaintextProblem(reason, display, web.http2);
  if (tls.mode === 'plaintext') {
    return {
      message: `The server at ${display} did not answer gRPC in plaintext (${reason}).`,
      hint: `It probably requires TLS: switch TLS on (or write grpcs://${display}).`,
    };
  }
  return tlsProblem(reason, display, tls, web ? 'http' : 'grpc');
}

/** A web call in plaintext that met another HTTP version than it spoke, or a TLS server. */
function webPlaintextProblem(reason: string, display: string, http2: boolean): ConnectionProblem {
  const spoke = http2 ? 'HTTP/2 (h2c)' : 'HTTP/1.1';
  return {
    message: `The server at ${display} did not answer ${spoke} in plaintext (${reason}).`,
    hint: http2
      ? `It may speak only HTTP/1.1: turn HTTP/2 off (${h2cSwitches}); or, if it requires TLS, write https://${display}.`
      : `It may speak only HTTP/2: turn HTTP/2 on (${h2cSwitches}); or, if it requires TLS, write https://${display}.`,
  };
}

/** A failed TLS handshake, by what went wrong. */
function tlsProblem(
  reason: string,
  display: string,
  tls: Extract<TlsSettings, { mode: 'tls' }>,
  /** The plaintext scheme a target can be written with: grpc:// for gRPC, http:// for gRPC-Web and Connect. */
  plainScheme: 'grpc' | 'http',
): ConnectionProblem {
  const names = /\(certificate names: (.*)\)$/.exec(reason)?.[1];
  if (names !== undefined || /ERR_TLS_CERT_ALTNAME_INVALID|does not match certificate/.test(reason)) {
    const checked = tls.serverName ?? hostOf(display);
    const hostName = names?.split(', ').find((name) => isIP(name) === 0);
    const example = hostName === undefined ? '' : `, e.g. ${exampleName(hostName)}`;
    return {
      message: `The TLS certificate of ${display} is not valid for the name ${checked}${names ? `; it names ${names}` : ''}.`,
      hint: `Set the server name in the TLS settings to a name the certificate holds${example} (this also sets the :authority).`,
    };
  }
  if (
    /unable to verify|self[- ]signed|unable to get (local )?issuer|UNABLE_TO_VERIFY|SELF_SIGNED|certificate chain/i.test(
      reason,
    )
  ) {
    return {
      message: `The TLS certificate of ${display} ${untrustedCaWords} (${reason}).`,
      hint: 'Add the CA that signed the server certificate to the TLS settings, or mark the connection insecure to accept any certificate.',
    };
  }
  if (/certificate required/.test(reason)) {
    return {
      message: `The server at ${display} requires a client certificate (mutual TLS).`,
      hint: 'Set the client certificate and key in the TLS settings.',
    };
  }
  if (/alert certificate expired/.test(reason)) {
    return {
      message: `The server at ${display} rejected the client certificate as expired or not yet valid (${reason}).`,
      hint: 'Renew the client certificate, or check the clock of this computer.',
    };
  }
  if (/bad certificate|unknown ca|certificate unknown|unsupported certificate/.test(reason)) {
    return {
      message: `The server at ${display} rejected the client certificate (${reason}).`,
      hint: 'Use a client certificate signed by a CA the server trusts, issued for client authentication.',
    };
  }
  if (/certificate has expired|not yet valid/.test(reason)) {
    return {
      message: `The TLS certificate of ${display} is not valid now (${reason}).`,
      hint: 'Renew the server certificate, or mark the connection insecure.',
    };
  }
  if (
    /wrong version number|packet length too long|http request|unknown protocol|before secure TLS connection|ECONNRESET/i.test(
      reason,
    )
  ) {
    return {
      message: `The server at ${display} does not speak TLS (handshake failed: ${reason}).`,
      hint: `Switch TLS off (plaintext) for this server, or write ${plainScheme}://${display}.`,
    };
  }
  return { message: `The TLS connection to ${display} failed: ${reason}.`, hint: 'Check the TLS settings.' };
}

/** The host of a `host:port` display, without an IPv6 address's brackets. */
function hostOf(display: string): string {
  return display.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
}

/**
 * grpc-js reports `No connection established. Last error: Error: <reason> (<timestamp>). Resolution note: ...` (web
 * calls the same without the note);
 * keep the reason, and from OpenSSL's `...:error:0A00010B:SSL routines:fn:<reason>:file:line:` only the reason.
 */
function lastError(details: string): string {
  let reason = /Last error: ([\s\S]*?)\.?(?: Resolution note:|$)/.exec(details)?.[1] ?? details;
  reason = reason.replace(/ \(\d{4}-\d\d-\d\dT[\d:.]+Z\)$/, '').replace(/^Error(?: \[[A-Z_]+\])?: /, '');
  const openssl = /:error:[0-9A-F]+:SSL routines:[^:]*:([^:]+):/.exec(reason);
  return (openssl?.[1] ?? reason).trim().replace(/\.$/, '');
}
