import { status as grpcStatus } from '@grpc/grpc-js';
import type { CallStatus } from '../../shared/call';
import type { TlsSettings } from '../../shared/schema';
import { untrustedCaWords } from '../connection/failure';
import { testTlsHandshake } from '../tls/handshake';

/** How long the second look at the server's chain may take. */
const probeMs = 3_000;

/** Whether a call failed because the server's chain did not verify (as connection/failure.ts words it). */
export function isUntrustedCa(status: CallStatus): boolean {
  return status.code === grpcStatus.UNAVAILABLE && status.message.includes(` ${untrustedCaWords} `);
}

/**
 * The status of a call refused for an untrusted certificate, naming the CA the chain ends at: grpc-js gives only
 * OpenSSL's reason, so the TLS panel's handshake test looks at the chain once more and its words are added. Unchanged
 * when that look fails.
 */
export async function withIssuerNamed(
  status: CallStatus,
  display: string,
  tls: TlsSettings,
): Promise<CallStatus> {
  try {
    const report = await testTlsHandshake(display, tls, probeMs);
    if (!report.connected || report.verified || !report.message || report.chain.length === 0) return status;
    // The call's hint stays: it speaks of the call's TLS settings (the panel's speaks of a profile).
    return { ...status, message: `${status.message} ${report.message}` };
  } catch {
    return status;
  }
}
