import type { CertificateInfo, CertificateValidity } from '../../shared/tls';

/** Whether a certificate is valid at `at` (now by default): expired and not-yet-valid come with the dates and what to do. */
export function checkValidity(certificate: CertificateInfo, at: Date = new Date()): CertificateValidity {
  const who = certificateName(certificate);
  if (at.getTime() > Date.parse(certificate.notAfter)) {
    return {
      state: 'expired',
      message: `The certificate for ${who} expired on ${readable(certificate.notAfter)}.`,
      hint: 'Renew it: TLS peers reject expired certificates.',
    };
  }
  if (at.getTime() < Date.parse(certificate.notBefore)) {
    return {
      state: 'notYetValid',
      message: `The certificate for ${who} is not valid before ${readable(certificate.notBefore)}.`,
      hint: 'Check the clock of this computer (and of the server), or wait until the certificate starts being valid.',
    };
  }
  return { state: 'valid' };
}

/** How a person recognises the certificate: its common name, else its first name, else its whole subject. */
export function certificateName(certificate: CertificateInfo): string {
  return (
    certificate.commonNames[0] ?? certificate.dnsNames[0] ?? certificate.ipAddresses[0] ?? certificate.subject
  );
}

/** `2020-01-02 00:00:00 UTC`: ISO without the T and milliseconds, which read as noise in a sentence. */
function readable(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}
