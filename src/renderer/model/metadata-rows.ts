/** Editable metadata rows and what they send. */
import type { MetadataEntry } from '../../shared/schema';

/** One row of a metadata table: a disabled row is kept but not sent. */
export interface MetadataRow {
  key: string;
  value: string;
  enabled: boolean;
}

/** The entries to send: enabled rows with a key, keys trimmed. */
export function enabledMetadata(rows: MetadataRow[]): MetadataEntry[] {
  return rows
    .filter((row) => row.enabled && row.key.trim() !== '')
    .map((row) => ({ key: row.key.trim(), value: row.value }));
}

/** Whether a key carries binary values, written as base64 (gRPC's `-bin` suffix). */
export function isBinaryKey(key: string): boolean {
  return key.trim().toLowerCase().endsWith('-bin');
}

/** Whether text is base64 (standard or URL-safe alphabet, padding optional), as `-bin` values must be. */
export function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(text.trim()) && text.trim().replace(/=+$/, '').length % 4 !== 1;
}
