import type { Metadata } from '@grpc/grpc-js';
import type { MetadataEntry } from '../../shared/schema';

/** Received metadata as entries in arrival order per key; binary (`-bin`) values as base64, the way users type them. */
export function metadataEntries(metadata: Metadata): MetadataEntry[] {
  const entries: MetadataEntry[] = [];
  for (const [key, values] of Object.entries(metadata.toJSON())) {
    for (const value of values)
      entries.push({ key, value: typeof value === 'string' ? value : value.toString('base64') });
  }
  return entries;
}
