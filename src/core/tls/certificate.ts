import type { CertificateInfo } from '../../shared/tls';
import { isPrivateKeyBlock, pemBlocks } from './pem-blocks';
import { noPemBlockProblem, tlsFileProblem } from './problem';
import { readCertificate, type Certificate } from './certificate-info';

/**
 * Parses every certificate of a PEM text (one certificate, or a chain or bundle), in file order.
 * `source` names the text in messages, e.g. `the CA certificate file /etc/ca.pem`. Throws ConnectionError when there is
 * no certificate or one cannot be read.
 */
export function parseCertificates(pem: string | Buffer, source = 'the PEM text'): CertificateInfo[] {
  return readCertificates(pem, source).map((certificate) => certificate.info);
}

/** The certificates of a PEM text, each with its key check, in file order; throws as parseCertificates does. */
export function readCertificates(pem: string | Buffer, source: string): Certificate[] {
  const text = typeof pem === 'string' ? pem : pem.toString('latin1');
  const blocks = pemBlocks(text);
  const certificates = blocks.filter((block) => block.label === 'CERTIFICATE');
  if (certificates.length === 0) {
    if (blocks.some(isPrivateKeyBlock)) {
      tlsFileProblem(
        source,
        'holds a private key, not a certificate.',
        'Choose the certificate file here; the key goes in the key field.',
      );
    }
    noPemBlockProblem(source, text, 'certificate', '-----BEGIN CERTIFICATE-----');
  }
  return certificates.map((block, index) => {
    try {
      return readCertificate(block.text);
    } catch (error) {
      const which =
        certificates.length > 1 ? `certificate ${index + 1} of ${certificates.length}` : 'a certificate';
      return tlsFileProblem(
        source,
        `holds ${which} that cannot be read (${(error as Error).message}).`,
        'The PEM block is damaged or truncated: export or copy the certificate again.',
      );
    }
  });
}
