import { derChildren, derOid, derString, type DerElement } from './der';

/** OpenSSL's short names of name attributes; others print as their OID, as OpenSSL does. */
const shortNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'street',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.15': 'businessCategory',
  '2.5.4.17': 'postalCode',
  '2.5.4.42': 'GN',
  '2.5.4.43': 'initials',
  '2.5.4.46': 'dnQualifier',
  '2.5.4.65': 'pseudonym',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '0.9.2342.19200300.100.1.1': 'UID',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.3.6.1.4.1.311.60.2.1.1': 'jurisdictionL',
  '1.3.6.1.4.1.311.60.2.1.2': 'jurisdictionST',
  '1.3.6.1.4.1.311.60.2.1.3': 'jurisdictionC',
};

/** A distinguished name as X509Certificate prints it, one RDN a line (`C=US\nO=Example\, Co.\nCN=foo`), and its CNs. */
export function distinguishedName(name: DerElement): { text: string; commonNames: string[] } {
  const commonNames: string[] = [];
  const rdns = derChildren(name).map((rdn) =>
    derChildren(rdn)
      .map((attribute) => {
        const [type, value] = derChildren(attribute);
        const oid = derOid(type!);
        const text = derString(value!);
        if (oid === '2.5.4.3') commonNames.push(text);
        return `${shortNames[oid] ?? oid}=${escapeRfc2253(text)}`;
      })
      .join(' + '),
  );
  return { text: rdns.join('\n'), commonNames };
}

/** RFC 2253 escaping, as OpenSSL applies it when Node prints a name. */
function escapeRfc2253(value: string): string {
  return value
    .replace(/[,+"\\<>;]/g, '\\$&')
    .replace(/^[ #]/, '\\$&')
    .replace(/ $/, '\\ ');
}
