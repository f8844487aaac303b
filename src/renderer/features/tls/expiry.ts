/** How a certificate's validity reads in the TLS panel, with a warning shortly before and after it expires. */
import type { CertificateValidity } from '../../../shared/tls';

/** Days before expiry from which the panel warns (as the engine's report does). */
export const expiryWarningDays = 30;

/** The validity line: `level` says whether it is a problem, a warning or fine. */
export function expiryNote(
  validity: CertificateValidity,
  expiresInDays: number,
  notAfter: string,
): { level: 'error' | 'warning' | 'ok'; text: string; hint?: string } {
  if (validity.state !== 'valid') return { level: 'error', text: validity.message, hint: validity.hint };
  const date = notAfter.slice(0, 10);
  if (expiresInDays < 0) return { level: 'error', text: `Expired on ${date}.` };
  if (expiresInDays <= expiryWarningDays) {
    const when =
      expiresInDays === 0 ? 'today' : expiresInDays === 1 ? 'in 1 day' : `in ${expiresInDays} days`;
    return { level: 'warning', text: `Expires ${when} (${date}).` };
  }
  return { level: 'ok', text: `Valid until ${date} (${expiresInDays} days).` };
}
