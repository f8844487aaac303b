import type { TlsSettings } from './schema';

/**
 * The TLS profile a call uses; none: its own TLS settings stand. The user guide's order: the profile it names, else its
 * own TLS fields when they ask for TLS, else the environment's profile (a saved request has no TLS fields of its own).
 * The engine applies it to calls; the page asks it what Copy as curl would get.
 */
export function tlsProfileInUse(
  named: string | undefined,
  tls: TlsSettings,
  environmentTlsProfile: string | undefined,
): string | undefined {
  return named ?? (tls.mode === 'tls' ? undefined : environmentTlsProfile);
}
