import { ApiError } from '../../shared/api/errors';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import type { DroppedFile } from '../../shared/api/types';
import type { SchemaProblem } from '../../shared/schema';

/** Writes dropped files under `folder`, keeping their relative paths; refuses paths that would leave it. */
export async function writeDroppedFiles(folder: string, files: readonly DroppedFile[]): Promise<void> {
  const placed = files.map((file) => ({ path: join(folder, ...safeSegments(file.path)), text: file.text }));
  for (const file of placed) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.text);
  }
}

/** The sidebar's name for dropped files: the file's name, or how many were dropped. */
export function droppedLabel(files: readonly DroppedFile[]): string {
  const [only] = files;
  return files.length === 1 && only ? basename(only.path) : `dropped files (${files.length})`;
}

/**
 * A load problem of dropped files as the person who dropped them knows them: each file by the path it was dropped as,
 * never the temporary folder the engine copied them to (which they never chose and cannot open).
 */
export function asDropped(problem: SchemaProblem, folder: string): SchemaProblem {
  const name = (text: string) =>
    text
      .split(folder + sep)
      .join('')
      .split(folder)
      .join('the dropped files');
  return {
    ...problem,
    message: name(problem.message),
    ...(problem.hint ? { hint: name(problem.hint) } : {}),
    ...(problem.location ? { location: { ...problem.location, file: name(problem.location.file) } } : {}),
  };
}

/** The path's segments (`/` or `\` separated), or a failure for absolute paths, `..` and empty names. */
function safeSegments(path: string): string[] {
  const refuse = (why: string) =>
    new ApiError({
      kind: 'invalidRequest',
      message: `The dropped file "${path}" ${why}.`,
      hint: 'Drop the files or their folder again; paths must be relative to what was dropped.',
    });
  if (/^([\\/]|[A-Za-z]:)/.test(path)) throw refuse('has an absolute path');
  const segments = path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw refuse('points outside the dropped folder (..)');
  if (segments.length === 0) throw refuse('has no name');
  return segments;
}
