/** What a switch of workspace says it did with the schemas and TLS profiles of the workspace left, in plain words. */
import type { SourceState } from '../../shared/api/types';
import type { SchemaSource } from '../../shared/schema';
import type { BringInReport } from '../../shared/workspace';
import type { LeftBehind, WorkspaceNotice } from './types';

const key = (source: SchemaSource): string => JSON.stringify(source);

/** The sidebar label of a source among `known`, else its kind. */
function labelOf(source: SchemaSource, known: readonly SourceState[]): string {
  return known.find((entry) => key(entry.source) === key(source))?.label ?? source.kind;
}

const list = (names: readonly string[]): string => names.join(', ');

/** The notice after bringing: one line per schema and TLS profile, and that the workspace left is unchanged. */
export function broughtNotice(
  report: BringInReport,
  known: readonly SourceState[],
  into: string,
): WorkspaceNotice {
  const { from } = report;
  const sources = report.sources.map(({ source, outcome }) => {
    const label = labelOf(source, known);
    if (outcome === 'brought') return `Schema ${label}: added to ${into}'s protodesk.json.`;
    if (outcome === 'alreadyThere') return `Schema ${label}: ${into} already had it.`;
    return `Schema ${label}: no longer in ${from}, not brought.`;
  });
  const profiles = report.tlsProfiles.map(({ name, outcome }) => {
    if (outcome === 'brought') return `TLS profile ${name}: copied to tls/${name}.json.`;
    if (outcome === 'alreadyThere') return `TLS profile ${name}: ${into} already had the same.`;
    if (outcome === 'keptExisting')
      return `TLS profile ${name}: ${into} has its own by that name; kept it, not overwritten.`;
    return `TLS profile ${name}: no longer in ${from}, not brought.`;
  });
  return {
    title: `Brought into ${into} from ${from}`,
    lines: [...sources, ...profiles, `Nothing in ${from} was changed.`],
  };
}

/** The notice after opening without bringing: what stayed loaded for the session, what was left in the old workspace. */
export function leftNotice(left: LeftBehind, kept: readonly SourceState[], into: string): WorkspaceNotice {
  const from = left.workspace;
  const lines = [
    ...(kept.length > 0
      ? [
          `Kept loaded until Protodesk closes, saved in neither workspace: ${list(kept.map((source) => source.label))}.`,
        ]
      : []),
    ...(left.sources.length > 0
      ? [`Schemas left in ${from}: ${list(left.sources.map((source) => source.label))}.`]
      : []),
    ...(left.tlsProfiles.length > 0 ? [`TLS profiles left in ${from}: ${list(left.tlsProfiles)}.`] : []),
  ];
  const needed = left.sources.length > 0 || left.tlsProfiles.length > 0;
  return {
    title: `Opened ${into}`,
    lines: needed ? [...lines, 'Open tabs that need them show how to bring them in.'] : lines,
  };
}

/** `left` without what a bring-in brought (or found there already). */
export function withoutBrought(left: LeftBehind, report: BringInReport): LeftBehind {
  const done = new Set(
    report.sources.filter((entry) => entry.outcome !== 'missing').map((entry) => key(entry.source)),
  );
  const profiles = new Set(
    report.tlsProfiles.filter((entry) => entry.outcome !== 'missing').map((entry) => entry.name),
  );
  return {
    ...left,
    sources: left.sources.filter((source) => !done.has(key(source.source))),
    tlsProfiles: left.tlsProfiles.filter((name) => !profiles.has(name)),
  };
}
