import { dirname, join } from 'node:path';
import type { LoadPlan } from '../../shared/load';
import { ghzCommand } from '../../core/load/export/ghz';
import { locustfile } from '../../core/load/export/locust';
import { writeFileAtomic } from '../../core/workspace/atomic-write';
import type { LoadExportInput } from '../../core/load/export/export-input';
import { readDataFile } from '../../core/load/run/data-file';
import { resolveCallRequest, UnresolvedVariablesError } from '../../core/workspace/variables';
import { UsageError } from '../usage-error';
import type { ExportKind } from './load-flags';
import type { LoadSubject } from './load-subject';

/**
 * Writes the load test as a Locust file or a ghz script at `output` (and beside it, the files the command needs, such
 * as a .protoset); runs nothing. Returns the paths written.
 */
export async function writeExport(
  kind: ExportKind,
  subject: LoadSubject,
  plan: LoadPlan,
  output: string,
): Promise<string[]> {
  const input = await exportInput(subject, plan);
  if (kind === 'locust') {
    await writeFileAtomic(output, locustfile(input));
    return [output];
  }
  const { command, files } = ghzCommand(input);
  const written = [output];
  for (const file of files) {
    const path = join(dirname(output), file.name);
    await writeFileAtomic(path, file.bytes);
    written.push(path);
  }
  await writeFileAtomic(output, ghzScript(command.trim(), files.length > 0), 0o755);
  return written;
}

/** The ghz command as a script; one that names files beside it runs from its own folder, wherever it is started. */
function ghzScript(command: string, besideFiles: boolean): string {
  const lines = ['#!/bin/sh', '# Written by protodesk load --export ghz.'];
  if (besideFiles) lines.push('cd "$(dirname "$0")" || exit 1');
  return `${[...lines, command].join('\n')}\n`;
}

/**
 * The request with its variables filled, as the engine fills them: from each --data-file row over the environment's
 * values (the exports embed the rows and use them in turn), else from the environment's alone.
 */
async function exportInput(subject: LoadSubject, plan: LoadPlan): Promise<LoadExportInput> {
  const { schema, request, values, environment } = subject.input;
  const fill = (rowValues: ReadonlyMap<string, string>) => {
    try {
      return resolveCallRequest(request, rowValues, environment);
    } catch (error) {
      if (!(error instanceof UnresolvedVariablesError)) throw error;
      throw new UsageError(`${error.message} (An export fills every {{variable}} before it is written.)`);
    }
  };
  const base = { schema, source: subject.source, plan };
  if (plan.dataFile === undefined) return { ...base, request: fill(values) };
  const rows = (await readDataFile(plan.dataFile)).map((row) => fill(new Map([...values, ...row])));
  return { ...base, request: rows[0] ?? fill(values), rows };
}
