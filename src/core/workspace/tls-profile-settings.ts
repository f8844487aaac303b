import type { TlsSettings } from '../../shared/schema';
import type { TlsProfile } from '../../shared/workspace';

/** Writes embedded PEM text to a (temporary) file and answers its path; `name` is a short label such as `ca`. */
export type PemWriter = (pem: string, name: string) => Promise<string>;

/**
 * The channel settings a TLS profile stands for: embedded PEM text is written out through `writePem`. A mode whose
 * required fields are empty throws an Error naming the field to fill.
 */
export async function profileTlsSettings(profile: TlsProfile, writePem: PemWriter): Promise<TlsSettings> {
  const serverName = profile.serverName?.trim() ? { serverName: profile.serverName.trim() } : {};
  switch (profile.mode) {
    case 'plaintext':
      return { mode: 'plaintext' };
    case 'systemRoots':
      return { mode: 'tls', ...serverName };
    case 'insecure':
      // A client certificate still goes along: servers that require one check it even when we check nothing.
      return { mode: 'tls', insecure: true, ...(await clientPair(profile, writePem)), ...serverName };
    case 'customCa': {
      const caFiles = await trustedCas(profile, writePem);
      if (caFiles.length === 0) throw needs('a custom CA', 'CA certificate', 'CA certificate');
      return { mode: 'tls', caFiles, ...serverName };
    }
    case 'mutual': {
      const { certFile, keyFile } = await clientPair(profile, writePem);
      if (certFile === undefined) throw needs('mutual TLS', 'Client certificate', 'client certificate');
      if (keyFile === undefined) throw needs('mutual TLS', 'Client key', 'client key');
      const caFiles = await trustedCas(profile, writePem);
      return { mode: 'tls', certFile, keyFile, ...(caFiles.length > 0 ? { caFiles } : {}), ...serverName };
    }
  }
}

/** The profile's client certificate (a file, or embedded PEM written to one) and key file, those it has. */
async function clientPair(
  profile: TlsProfile,
  writePem: PemWriter,
): Promise<{ certFile?: string; keyFile?: string }> {
  const certFile = profile.certFile?.trim()
    ? profile.certFile.trim()
    : profile.certPem?.trim()
      ? await writePem(profile.certPem, 'client-cert')
      : undefined;
  const keyFile = profile.keyFile?.trim();
  return { ...(certFile !== undefined ? { certFile } : {}), ...(keyFile ? { keyFile } : {}) };
}

/** The profile's CA files, plus its embedded CA PEM written to a file. */
async function trustedCas(profile: TlsProfile, writePem: PemWriter): Promise<string[]> {
  const files = (profile.caFiles ?? []).map((file) => file.trim()).filter((file) => file !== '');
  if (profile.caPem?.trim()) files.push(await writePem(profile.caPem, 'ca'));
  return files;
}

function needs(mode: string, field: string, what: string): Error {
  return new Error(
    `This TLS profile uses ${mode} but has no ${what}: fill in "${field}" in the TLS profile.`,
  );
}
