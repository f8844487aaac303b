import type { KeyPairCheck } from '../../shared/tls';
import type { CertificateFileReport, TlsProfile, TlsProfileReport } from '../../shared/workspace';
import { readTlsFile } from './pem';
import { ConnectionError } from '../connection/errors';
import { parseCertificates } from './certificate';
import { checkKeyPair } from './key-pair';
import { certificateName, checkValidity } from './validity';

/** Certificates that end within this many days are flagged, so they are renewed before calls start failing. */
export const expiryWarningDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Reads and checks everything a TLS profile names, without connecting: every certificate of each CA and client
 * certificate file (or embedded PEM) with its validity and days left, whether the client key belongs to the client
 * certificate, and fields the mode needs but lacks. Unreadable files are reported, never thrown.
 */
export async function checkTlsProfile(
  profile: TlsProfile,
  now: Date = new Date(),
): Promise<TlsProfileReport> {
  const problems: TlsProfileReport['problems'] = [];
  const usesCa = profile.mode === 'customCa' || profile.mode === 'mutual';
  const usesClient =
    profile.mode === 'mutual' ||
    (profile.mode === 'insecure' && Boolean(profile.certFile ?? profile.certPem));
  const caSources = [
    ...(profile.caFiles ?? []).map((file) => ({ file, pem: () => readTlsFile(file, 'CA certificate') })),
    ...(profile.caPem ? [{ file: 'embedded', pem: () => Promise.resolve(profile.caPem!) }] : []),
  ];
  const clientSource = profile.certFile
    ? { file: profile.certFile, pem: () => readTlsFile(profile.certFile!, 'client certificate') }
    : profile.certPem
      ? { file: 'embedded', pem: () => Promise.resolve(profile.certPem!) }
      : undefined;

  if (profile.mode === 'customCa' && caSources.length === 0) {
    problems.push({
      message: 'Custom CA mode needs a CA certificate.',
      hint: 'Choose the PEM file of the CA that signed the server’s certificate.',
    });
  }
  if (profile.mode === 'mutual' && clientSource === undefined) {
    problems.push({
      message: 'Mutual TLS needs a client certificate.',
      hint: 'Choose the PEM file of the certificate this client presents.',
    });
  }
  if (profile.mode === 'mutual' && profile.keyFile === undefined) {
    problems.push({
      message: 'Mutual TLS needs the client certificate’s private key.',
      hint: 'Choose the PEM key file created with the client certificate.',
    });
  }

  const files = await Promise.all([
    ...(usesCa ? caSources : []).map((source) => readReport('ca', source.file, source.pem, now)),
    ...(usesClient && clientSource ? [readReport('client', clientSource.file, clientSource.pem, now)] : []),
  ]);
  for (const file of files) problems.push(...certificateProblems(file));

  const report: TlsProfileReport = { files, problems };
  if (usesClient && clientSource && profile.keyFile) {
    report.keyPair = await keyPair(clientSource.file, clientSource.pem, profile.keyFile);
  }
  return report;
}

/** What a person should fix about a file's certificates besides expiry (which each certificate's validity states). */
function certificateProblems(file: CertificateFileReport): TlsProfileReport['problems'] {
  const problems: TlsProfileReport['problems'] = [];
  file.certificates.forEach(({ info, validity, expiresInDays }, index) => {
    const which = `The certificate for ${certificateName(info)} (${file.file})`;
    if (validity.state === 'valid' && expiresInDays <= expiryWarningDays) {
      problems.push({
        message: `${which} expires in ${days(expiresInDays)}, on ${info.notAfter.slice(0, 10)}.`,
        hint: 'Renew it soon: TLS peers reject expired certificates.',
      });
    }
    if (file.role === 'ca' && !info.isCA && !info.selfSigned) {
      problems.push({
        message: `${which} is not a CA certificate, so it cannot vouch for the server; it was issued by ${info.issuer}.`,
        hint: 'Choose the certificate of the CA that issued the server’s certificate, not the server’s own.',
      });
    }
    const leaf = index === 0;
    if (
      file.role === 'client' &&
      leaf &&
      info.extendedKeyUsage.length > 0 &&
      !info.extendedKeyUsage.some((use) => use === 'clientAuth' || use === 'anyExtendedKeyUsage')
    ) {
      problems.push({
        message: `${which} is not meant for clients (extended key usage: ${info.extendedKeyUsage.join(', ')}); servers reject it.`,
        hint: 'Use a certificate issued for client authentication (extendedKeyUsage clientAuth).',
      });
    }
  });
  return problems;
}

/** One file's certificates, or why it could not be read. */
async function readReport(
  role: CertificateFileReport['role'],
  file: string,
  pem: () => Promise<string | Buffer>,
  now: Date,
): Promise<CertificateFileReport> {
  const kind = role === 'ca' ? 'CA certificate' : 'client certificate';
  try {
    const certificates = parseCertificates(
      await pem(),
      file === 'embedded' ? `the embedded ${kind}` : `the ${kind} file ${file}`,
    );
    return {
      role,
      file,
      certificates: certificates.map((info) => ({
        info,
        validity: checkValidity(info, now),
        expiresInDays: Math.floor((Date.parse(info.notAfter) - now.getTime()) / dayMs),
      })),
    };
  } catch (error) {
    return { role, file, certificates: [], problem: firstProblem(error) };
  }
}

/** Whether the key file belongs to the client certificate; an unreadable key is a mismatch that says why. */
async function keyPair(
  certificateFile: string,
  pem: () => Promise<string | Buffer>,
  keyFile: string,
): Promise<KeyPairCheck> {
  try {
    const [certificate, key] = await Promise.all([pem(), readTlsFile(keyFile, 'client key')]);
    return checkKeyPair(certificate, key, {
      certificate:
        certificateFile === 'embedded'
          ? 'the embedded client certificate'
          : `the client certificate file ${certificateFile}`,
      key: `the client key file ${keyFile}`,
    });
  } catch (error) {
    return { matches: false, ...firstProblem(error) };
  }
}

/** The sentence and hint of a ConnectionError (what the TLS readers throw); anything else is a bug and is rethrown. */
function firstProblem(error: unknown): { message: string; hint: string } {
  if (!(error instanceof ConnectionError)) throw error;
  const [problem] = error.problems;
  return { message: problem?.message ?? error.message, hint: problem?.hint ?? 'Check the file.' };
}

function days(count: number): string {
  return count === 0 ? 'less than a day' : count === 1 ? '1 day' : `${count} days`;
}
