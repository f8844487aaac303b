/**
 * Copies schema sources and TLS profiles from one workspace into another when the user switches workspaces and asks to
 * bring them: the workspace left is only read, and nothing already in the other one is overwritten.
 */
import { isDeepStrictEqual } from 'node:util';
import type { SchemaSource } from '../../shared/schema';
import type { BringInReport } from '../../shared/workspace';
import type { WorkspaceFiles } from './workspace-files';

/** What to bring: sources as the workspace left lists them (paths absolute), TLS profiles by name. */
export interface BringInWanted {
  sources: readonly SchemaSource[];
  tlsProfiles: readonly string[];
}

/** The report, and the open workspace's sources afterwards (to load) when any were brought. */
export interface BringInResult {
  report: Omit<BringInReport, 'from'>;
  sources?: SchemaSource[];
}

const sameSource = (a: SchemaSource, b: SchemaSource): boolean => isDeepStrictEqual(a, b);

/** Brings `wanted` from `from` into `into`: protodesk.json gains the sources it lacks, tls/ the profiles it lacks. */
export async function bringIn(
  from: WorkspaceFiles,
  into: WorkspaceFiles,
  wanted: BringInWanted,
): Promise<BringInResult> {
  const left = (await from.readManifest().catch(() => undefined))?.value.sources ?? [];
  const manifest = await into.readManifest();
  const sources = [...manifest.value.sources];
  const sourceReport: BringInReport['sources'] = [];
  for (const source of wanted.sources) {
    if (!left.some((entry) => sameSource(entry, source))) {
      sourceReport.push({ source, outcome: 'missing' });
    } else if (sources.some((entry) => sameSource(entry, source))) {
      sourceReport.push({ source, outcome: 'alreadyThere' });
    } else {
      sources.push(source);
      sourceReport.push({ source, outcome: 'brought' });
    }
  }
  const brought = sourceReport.some((entry) => entry.outcome === 'brought');
  if (brought) await into.saveManifest({ sources }, manifest.version, false);

  const existing = new Set(await into.tlsProfileNames());
  const tlsProfiles: BringInReport['tlsProfiles'] = [];
  for (const name of wanted.tlsProfiles) {
    const profile = await from.readTlsProfile(name).catch(() => undefined);
    if (profile === undefined) {
      tlsProfiles.push({ name, outcome: 'missing' });
    } else if (existing.has(name)) {
      const theirs = await into.readTlsProfile(name).catch(() => undefined);
      const same = theirs !== undefined && isDeepStrictEqual(theirs.value, profile.value);
      tlsProfiles.push({ name, outcome: same ? 'alreadyThere' : 'keptExisting' });
    } else {
      await into.saveTlsProfile(name, profile.value, null, false);
      tlsProfiles.push({ name, outcome: 'brought' });
    }
  }
  return { report: { sources: sourceReport, tlsProfiles }, ...(brought ? { sources } : {}) };
}
