/** The TLS profile form: the modes it offers, the fields each mode uses, and the profile a save sends. */
import type { TlsProfile, TlsProfileMode } from '../../../shared/workspace';

/** The "Mode" select's options, in display order. */
export const profileModes: ReadonlyArray<{ mode: TlsProfileMode; label: string }> = [
  { mode: 'plaintext', label: 'Plaintext' },
  { mode: 'systemRoots', label: 'TLS with system roots' },
  { mode: 'customCa', label: 'TLS with custom CA' },
  { mode: 'mutual', label: 'Mutual TLS' },
  { mode: 'insecure', label: 'Insecure TLS' },
];

/** A field of the form that only some modes use. */
export type ProfileField = 'ca' | 'client' | 'serverName';

/** Whether a mode uses a field: CA files for custom CA and mutual TLS, client files for mutual, a server name for any TLS. */
export function modeUses(mode: TlsProfileMode, field: ProfileField): boolean {
  switch (field) {
    case 'ca':
      return mode === 'customCa' || mode === 'mutual';
    case 'client':
      return mode === 'mutual';
    case 'serverName':
      return mode !== 'plaintext';
  }
}

/** The CA files as the multi-line box shows them: one path per line. */
export function caFilesText(profile: TlsProfile): string {
  return (profile.caFiles ?? []).join('\n');
}

/** The CA files of the box's text: non-empty trimmed lines. */
export function parseCaFiles(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The profile as saved and checked: only the fields its mode uses, no empty strings or lists. */
export function cleanProfile(profile: TlsProfile): TlsProfile {
  const clean: TlsProfile = { mode: profile.mode };
  const text = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);
  if (modeUses(profile.mode, 'ca')) {
    const caFiles = parseCaFiles(caFilesText(profile));
    if (caFiles.length > 0) clean.caFiles = caFiles;
    if (profile.caPem) clean.caPem = profile.caPem;
  }
  if (modeUses(profile.mode, 'client')) {
    const certFile = text(profile.certFile);
    const keyFile = text(profile.keyFile);
    if (certFile) clean.certFile = certFile;
    if (profile.certPem) clean.certPem = profile.certPem;
    if (keyFile) clean.keyFile = keyFile;
  }
  const serverName = modeUses(profile.mode, 'serverName') ? text(profile.serverName) : undefined;
  if (serverName) clean.serverName = serverName;
  return clean;
}

/** The embedded PEM text of a certificate file the user picked; refuses private keys and non-certificates. */
export function embeddablePem(text: string, fileName: string): { pem: string } | { problem: string } {
  if (text.includes('PRIVATE KEY-----')) {
    return {
      problem: `${fileName} holds a private key: keys are never embedded in a profile, only referred to by path.`,
    };
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    return { problem: `${fileName} holds no PEM certificate (-----BEGIN CERTIFICATE-----).` };
  }
  return { pem: text.trim() + '\n' };
}
