/** One `-----BEGIN LABEL-----` ... `-----END LABEL-----` block of a PEM text. */
export interface PemBlock {
  label: string;
  /** The whole block, armour included, as X509Certificate and createPrivateKey take it. */
  text: string;
  /** Whether the block's headers say it is encrypted (legacy `Proc-Type: 4,ENCRYPTED` keys). */
  encryptedHeader: boolean;
}

const blockPattern = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/** Splits a PEM text (a chain file, a bundle, a key and certificate together) into its blocks, in order. */
export function pemBlocks(text: string): PemBlock[] {
  return [...text.matchAll(blockPattern)].map((match) => ({
    label: match[1]!,
    text: `${match[0]}\n`,
    encryptedHeader: /^Proc-Type:\s*4,\s*ENCRYPTED/m.test(match[0]),
  }));
}

/** Whether a block holds a private key (PKCS#8 `PRIVATE KEY`, or the legacy `RSA`/`EC`/`DSA PRIVATE KEY`). */
export function isPrivateKeyBlock(block: PemBlock): boolean {
  return /(^|\s)PRIVATE KEY$/.test(block.label);
}

/** Whether a private key block cannot be used without a passphrase. */
export function isEncryptedKeyBlock(block: PemBlock): boolean {
  return block.label === 'ENCRYPTED PRIVATE KEY' || block.encryptedHeader;
}
