/** The four TLS choices the UI offers, and how each maps to and from the contract's TlsSettings. */
import type { TlsSettings } from '../../shared/schema';

/** What the "TLS" select shows. */
export type TlsMode = 'plaintext' | 'tls' | 'mtls' | 'insecure';

/** The select's options, in display order, with their visible labels. */
export const tlsModes: ReadonlyArray<{ mode: TlsMode; label: string }> = [
  { mode: 'plaintext', label: 'Plaintext' },
  { mode: 'tls', label: 'TLS' },
  { mode: 'mtls', label: 'TLS with client certificate' },
  { mode: 'insecure', label: 'Insecure TLS' },
];

/** Which choice a settings value is; a present (even empty) cert or key file means mutual TLS was chosen. */
export function tlsModeOf(value: TlsSettings): TlsMode {
  if (value.mode === 'plaintext') return 'plaintext';
  if (value.insecure) return 'insecure';
  if (value.certFile !== undefined || value.keyFile !== undefined) return 'mtls';
  return 'tls';
}

/** Switches to another choice, keeping what was typed that the new choice still uses. */
export function withTlsMode(value: TlsSettings, mode: TlsMode): TlsSettings {
  const previous: Partial<Extract<TlsSettings, { mode: 'tls' }>> = value.mode === 'tls' ? value : {};
  switch (mode) {
    case 'plaintext':
      return { mode: 'plaintext' };
    case 'insecure':
      return { mode: 'tls', insecure: true };
    case 'tls':
      return withOptional({ mode: 'tls' }, previous.serverName, previous.caFiles);
    case 'mtls':
      return withOptional(
        {
          mode: 'tls',
          caFiles: previous.caFiles ?? [],
          certFile: previous.certFile ?? '',
          keyFile: previous.keyFile ?? '',
        },
        previous.serverName,
        previous.caFiles,
      );
  }
}

/** Adds server name and CA files only when they say something (an empty list means the system roots). */
function withOptional(
  base: Extract<TlsSettings, { mode: 'tls' }>,
  serverName: string | undefined,
  caFiles: string[] | undefined,
): TlsSettings {
  const result = { ...base };
  if (serverName) result.serverName = serverName;
  if (caFiles && caFiles.length > 0) result.caFiles = caFiles;
  return result;
}

/** A text field of the TLS form. */
export type TlsField = 'serverName' | 'caFiles' | 'certFile' | 'keyFile';

/** Sets one field from its textbox's text; empty optional fields are left out, mutual TLS keeps its files. */
export function withTlsField(value: TlsSettings, field: TlsField, text: string): TlsSettings {
  if (value.mode !== 'tls') return value;
  const mtls = tlsModeOf(value) === 'mtls';
  const next = { ...value };
  if (field === 'caFiles') {
    // The form offers one CA file (the contract allows several).
    if (text || mtls) next.caFiles = text ? [text] : [];
    else delete next.caFiles;
  } else if (field === 'serverName') {
    if (text) next.serverName = text;
    else delete next.serverName;
  } else {
    next[field] = text;
  }
  return next;
}

/** The text a field's textbox shows. */
export function tlsFieldText(value: TlsSettings, field: TlsField): string {
  if (value.mode !== 'tls') return '';
  if (field === 'caFiles') return value.caFiles?.[0] ?? '';
  return value[field] ?? '';
}
