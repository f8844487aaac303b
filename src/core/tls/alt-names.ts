import { isIP } from 'node:net';

/** The DNS names and IP addresses of a certificate's subject alternative names. */
export interface AltNames {
  dnsNames: string[];
  ipAddresses: string[];
}

/**
 * Reads Node's `subjectAltName` text (`DNS:a, IP Address:1.2.3.4`). Node quotes an entry as a JSON string when its value
 * holds a comma, a quote or other characters that would make the list ambiguous (`DNS:"a, b"`); other kinds are ignored.
 */
export function parseAltNames(text: string | undefined): AltNames {
  const names: AltNames = { dnsNames: [], ipAddresses: [] };
  const entryPattern = /([A-Za-z ]+):("(?:[^"\\]|\\.)*"|[^,]*)(?:, |$)/g;
  for (const [, kind, raw] of (text ?? '').matchAll(entryPattern)) {
    const value = raw!.startsWith('"') ? (JSON.parse(raw!) as string) : raw!;
    if (kind === 'DNS') names.dnsNames.push(value);
    else if (kind === 'IP Address') names.ipAddresses.push(canonicalIp(value));
  }
  return names;
}

/** One spelling per address, so `0:0:0:0:0:0:0:1` and `::1` compare equal; names that are not IPs come back as given. */
export function canonicalIp(address: string): string {
  if (isIP(address) !== 6) return address;
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}
