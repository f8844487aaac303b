import { isIP } from 'node:net';
import { connect, rootCertificates, type DetailedPeerCertificate, type TLSSocket } from 'node:tls';
import type { TlsSettings } from '../../shared/schema';
import type { CertificateInfo, HostCheck } from '../../shared/tls';
import type { TlsHandshakeReport } from '../../shared/workspace';
import { effectiveTls } from './credentials';
import { ConnectionError } from '../connection/errors';
import { connectionFailure } from '../connection/failure';
import { readPem } from './pem';
import { parseTarget } from '../connection/target';
import { checkHost } from './host-name';
import { plaintextHttp2, probeHttp2 } from './http2-probe';
import { certificateName, checkValidity } from './validity';
import { readCertificate } from './certificate-info';

type TlsOn = Extract<TlsSettings, { mode: 'tls' }>;
type Endpoint = { host: string; port: number } | { path: string };

/** What the TLS handshake itself produced. */
interface Handshake {
  socket: TLSSocket;
  chain: CertificateInfo[];
  /** OpenSSL's verification error code, e.g. `UNABLE_TO_VERIFY_LEAF_SIGNATURE`; absent when the chain verifies. */
  authorizationError?: string;
}

/**
 * Connects to a target with TLS as a call would (ALPN `h2`, SNI = the server name or the host, the settings' CAs on top
 * of the system roots, the client certificate) and reports the chain the server presents, whether it verifies and
 * covers the name, the protocol and ALPN. Nothing is thrown: every failure is a report with a message and a hint.
 */
export async function testTlsHandshake(
  target: string,
  tls: TlsSettings,
  timeoutMs = 5_000,
): Promise<TlsHandshakeReport> {
  let settings: TlsSettings;
  let display: string;
  let endpoint: Endpoint;
  let secrets: { ca?: Buffer[]; cert?: Buffer; key?: Buffer };
  try {
    const parsed = parseTarget(target);
    display = parsed.display;
    settings = effectiveTls(parsed, tls);
    endpoint = parsed.address.startsWith('unix:') ? { path: parsed.display } : hostPort(parsed.display);
    secrets = settings.mode === 'tls' ? await readFiles(settings) : {};
  } catch (error) {
    if (error instanceof ConnectionError) return failed(error.problems[0] ?? { message: error.message });
    throw error;
  }
  if (settings.mode === 'plaintext') {
    return failed({
      message: 'This connection is plaintext: there is no TLS handshake to test.',
      hint: 'Choose a TLS mode (or a grpcs:// target) to test the server’s certificate.',
    });
  }
  const name = settings.serverName ?? ('host' in endpoint ? endpoint.host : 'localhost');
  const started = Date.now();
  let handshake: Handshake;
  try {
    handshake = await shakeHands(endpoint, name, secrets, timeoutMs);
  } catch (error) {
    return failed(
      await connectProblem(error as Error & { code?: string }, endpoint, display, settings, timeoutMs),
    );
  }
  const { socket, chain, authorizationError } = handshake;
  const report: TlsHandshakeReport = {
    connected: true,
    verified: false,
    chain,
    protocol: socket.getProtocol() ?? undefined,
    ...(typeof socket.alpnProtocol === 'string' ? { alpn: socket.alpnProtocol } : {}),
  };
  const leaf = chain[0];
  if (leaf) report.host = checkHost(leaf, name);
  // The server may still refuse us after the handshake (a TLS 1.3 alert for a missing or rejected client certificate).
  const answer = await probeHttp2(socket, Math.max(1_000, timeoutMs - (Date.now() - started)));
  const problem =
    answer.answer === 'error'
      ? connectionFailure(answer.error.message, { display, tls: settings })
      : (verificationProblem(authorizationError, chain, settings) ??
        hostProblem(report.host) ??
        alpnProblem(report.alpn, display));
  if (answer.answer === 'error') report.connected = false;
  report.verified = report.connected && authorizationError === undefined && report.host?.matches === true;
  if (problem) {
    const insecure = settings.insecure && answer.answer !== 'error' && !report.verified;
    report.message = insecure ? `${problem.message} Insecure mode accepts it anyway.` : problem.message;
    if (problem.hint) report.hint = problem.hint;
  }
  return report;
}

/** Opens the TLS connection without rejecting anything, so an untrusted chain can still be shown. */
function shakeHands(
  endpoint: Endpoint,
  name: string,
  secrets: { ca?: Buffer[]; cert?: Buffer; key?: Buffer },
  timeoutMs: number,
): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      ...endpoint,
      // SNI carries host names only (RFC 6066).
      ...(isIP(name) === 0 ? { servername: name } : {}),
      ALPNProtocols: ['h2'],
      // The settings' CAs are extra trust, as in calls: the system roots stay.
      ...(secrets.ca ? { ca: [...secrets.ca.map((ca) => ca.toString('latin1')), ...rootCertificates] } : {}),
      ...(secrets.cert ? { cert: secrets.cert } : {}),
      ...(secrets.key ? { key: secrets.key } : {}),
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' }));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    });
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      // Typed as an Error, but Node hands over OpenSSL's code as a string.
      const authorizationError = socket.authorizationError as unknown as string | null;
      // A certificate we cannot read must fail this check, not throw out of a socket event (that ends the process).
      try {
        resolve({
          socket,
          chain: presentedChain(socket),
          ...(authorizationError ? { authorizationError: String(authorizationError) } : {}),
        });
      } catch (error) {
        socket.destroy();
        reject(error);
      }
    });
  });
}

/** The server's chain, leaf first, following each certificate's issuer until a self-signed one (Node adds a trusted root it found). */
function presentedChain(socket: TLSSocket): CertificateInfo[] {
  const chain: CertificateInfo[] = [];
  const seen = new Set<string>();
  let certificate: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  while (certificate?.raw && !seen.has(certificate.fingerprint256)) {
    seen.add(certificate.fingerprint256);
    chain.push(readCertificate(certificate.raw).info);
    certificate = certificate.issuerCertificate;
  }
  return chain;
}

/** Why the chain does not verify, named by the certificate at fault. */
function verificationProblem(
  code: string | undefined,
  chain: CertificateInfo[],
  settings: TlsOn,
): { message: string; hint: string } | undefined {
  if (code === undefined) return undefined;
  const invalid = chain.map((info) => checkValidity(info)).find((validity) => validity.state !== 'valid');
  if (invalid) return { message: invalid.message, hint: invalid.hint };
  const top = chain[chain.length - 1];
  if (top && /SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF/.test(code)) {
    const who = top.selfSigned ? `${certificateName(top)}, which signed itself` : top.issuer;
    return {
      message: `The server’s certificate chain ends at ${who}, which ${settings.caFiles?.length ? 'is not among the profile’s CAs or the system roots' : 'the system roots do not trust'}.`,
      hint: `Add the CA certificate of ${top.selfSigned ? certificateName(top) : top.issuer} to the profile (custom CA), or use insecure mode to accept any certificate.`,
    };
  }
  return {
    message: `The server’s certificate does not verify (${code}).`,
    hint: 'Check the profile’s CA certificates.',
  };
}

function hostProblem(host: HostCheck | undefined): { message: string; hint: string } | undefined {
  return host && !host.matches ? { message: host.message, hint: host.hint } : undefined;
}

function alpnProblem(
  alpn: string | undefined,
  display: string,
): { message: string; hint: string } | undefined {
  if (alpn === 'h2') return undefined;
  return {
    message: `The server at ${display} did not agree to HTTP/2 (ALPN ${alpn ?? 'none'}), which gRPC needs.`,
    hint: 'Check that this port serves gRPC; a proxy in front of it must pass HTTP/2 through.',
  };
}

/** Why the connection or handshake failed; a server that speaks plaintext HTTP/2 is recognised by asking it. */
async function connectProblem(
  error: Error & { code?: string },
  endpoint: Endpoint,
  display: string,
  settings: TlsOn,
  timeoutMs: number,
): Promise<{ message: string; hint?: string }> {
  if (error.code === 'ETIMEOUT') {
    return {
      message: `No TLS handshake with ${display} within ${timeoutMs / 1000} s.`,
      hint: 'Check the address and that no firewall drops the connection; a server that does not speak TLS may also stay silent.',
    };
  }
  const refused = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ENOENT/.test(
    error.code ?? error.message,
  );
  if (!refused && (await plaintextHttp2(endpoint, Math.min(timeoutMs, 2_000)))) {
    return {
      message: `The server at ${display} answered without TLS (plaintext HTTP/2): use plaintext.`,
      hint: `Choose plaintext for this server, or write grpc://${display}.`,
    };
  }
  return connectionFailure(error.message, { display, tls: settings });
}

async function readFiles(settings: TlsOn): Promise<{ ca?: Buffer[]; cert?: Buffer; key?: Buffer }> {
  const cas = await Promise.all((settings.caFiles ?? []).map((file) => readPem(file, 'CA certificate')));
  return {
    ...(cas.length > 0 ? { ca: cas } : {}),
    ...(settings.certFile ? { cert: await readPem(settings.certFile, 'client certificate') } : {}),
    ...(settings.keyFile ? { key: await readPem(settings.keyFile, 'client key') } : {}),
  };
}

/** `host:port` or `[v6]:port` (as parseTarget displays it) → the parts net.connect takes. */
function hostPort(display: string): { host: string; port: number } {
  const colon = display.lastIndexOf(':');
  return {
    host: display.slice(0, colon).replace(/^\[(.*)\]$/, '$1'),
    port: Number(display.slice(colon + 1)),
  };
}

function failed(problem: { message: string; hint?: string }): TlsHandshakeReport {
  return {
    connected: false,
    verified: false,
    chain: [],
    message: problem.message,
    ...(problem.hint ? { hint: problem.hint } : {}),
  };
}
