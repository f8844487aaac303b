import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SchemaProblem } from '../../../shared/schema';
import { fileType } from '../../files/file-type';
import { bundledProtoRoot } from '../bundled/root';
import { SchemaError } from '../errors';
import type { ImportAst, ProtoFileAst } from './ast';
import { suggestImportPath } from './import-suggestion';
import { parseProto } from './parser';
import { Problems } from './problems';

/** One parsed file and the path it was read from. */
export interface LoadedFile {
  ast: ProtoFileAst;
  diskPath: string;
}

/** Every file a request needs, dependencies before dependents, plus the import names of the requested files. */
export interface LoadedProtos {
  files: LoadedFile[];
  roots: string[];
}

type Outcome = { file: LoadedFile } | { problems: Problems['list'] } | { missing: true };

// Bundled files never change, so each is read and parsed once per process.
const bundledCache = new Map<string, Promise<Outcome>>();

/** Reads the requested files and everything they import (protoc's import path rules); throws SchemaError on any problem. */
export async function loadProtoFiles(files: string[], importPaths: string[]): Promise<LoadedProtos> {
  const bundled = bundledProtoRoot();
  const problems = new Problems();
  const loads = new Map<string, Promise<Outcome>>();
  const named = await Promise.all(files.map((file) => importNameOf(file, importPaths, problems)));
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  const roots: string[] = [];
  for (const request of named) {
    if (!request || loads.has(request.name)) continue;
    roots.push(request.name);
    loads.set(request.name, readAndParse(request.name, request.diskPath));
  }
  // Without import paths, each requested file's folder is an import root (protoc's implicit -I).
  const rootFolders =
    importPaths.length > 0
      ? importPaths
      : [...new Set(named.flatMap((n) => (n ? [dirname(n.diskPath)] : [])))];
  const searched = [...rootFolders, bundled];
  // The bundled google/protobuf files win over other copies (one consistent descriptor.proto); other names there are searched as usual.
  const lookups = (name: string): string[] =>
    name.startsWith('google/protobuf/') ? [bundled, ...rootFolders] : searched;
  const loaded = new Map<string, LoadedFile>();
  const missing = new Map<string, { from: string; diskPath: string; imp: ImportAst }[]>();
  // Breadth-first: every import of a level is read in parallel.
  let level = [...roots];
  while (level.length > 0) {
    const outcomes = await Promise.all(level.map(async (name) => [name, await loads.get(name)] as const));
    const next: string[] = [];
    for (const [name, outcome] of outcomes) {
      if (!outcome || 'missing' in outcome) continue;
      if ('problems' in outcome) {
        problems.list.push(...outcome.problems);
        continue;
      }
      loaded.set(name, outcome.file);
      for (const imp of outcome.file.ast.imports) {
        if (!loads.has(imp.path)) {
          loads.set(imp.path, locate(imp.path, lookups(imp.path), bundled));
          next.push(imp.path);
        }
      }
    }
    level = next;
  }
  for (const file of loaded.values()) {
    for (const imp of file.ast.imports) {
      if (loaded.has(imp.path)) continue;
      const outcome = await loads.get(imp.path);
      if (outcome && 'missing' in outcome) {
        const list = missing.get(imp.path) ?? [];
        list.push({ from: file.ast.path, diskPath: file.diskPath, imp });
        missing.set(imp.path, list);
      }
    }
  }
  const display = new Map([...loaded].map(([name, file]) => [name, file.diskPath]));
  const located = new Problems(display);
  for (const [name, wanters] of missing) {
    for (const { from, diskPath, imp } of wanters) {
      located.add(
        from,
        imp.span,
        `Import "${name}" was not found (imported by "${from}")`,
        missingImportHint(name, rootFolders, await suggestImportPath(name, diskPath)),
      );
    }
  }
  problems.list.push(...located.list);
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  return { files: orderFiles(roots, loaded, located), roots };
}

/**
 * What was searched (the app's own copy of the well-known types by what it is, not by its path inside the app) and
 * the folder to add when one near the importing file holds the import.
 */
function missingImportHint(name: string, rootFolders: string[], suggestion: string | undefined): string {
  const searched = `Searched: ${[...rootFolders, 'the bundled google/protobuf types'].join(', ')}.`;
  return suggestion
    ? `${searched} Add ${suggestion} to the import paths: "${name}" is there.`
    : `${searched} Add the folder that contains "${name}" to the import paths.`;
}

/** A requested file's import name: its path under the first import path holding it (or its own folder with none). */
async function importNameOf(
  file: string,
  importPaths: string[],
  problems: Problems,
): Promise<{ name: string; diskPath: string } | undefined> {
  const diskPath = await findProtoFile(file, importPaths);
  if (typeof diskPath === 'object') {
    problems.list.push(notAProtoFile(file, diskPath.type));
    return undefined;
  }
  if (diskPath === undefined) {
    const searched =
      importPaths.length > 0
        ? `the working directory and the import paths (${importPaths.join(', ')})`
        : 'the working directory';
    problems.list.push({
      message: `File not found: ${file}`,
      hint: `Check the path; relative paths are looked up in ${searched}.`,
    });
    return undefined;
  }
  if (importPaths.length === 0) return { name: relative(dirname(diskPath), diskPath), diskPath };
  for (const importPath of importPaths) {
    const rel = relative(resolve(importPath), diskPath);
    if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return { name: rel.split(sep).join('/'), diskPath };
  }
  problems.list.push({
    message: `${file} is not under any import path (import paths: ${importPaths.join(', ')})`,
    hint: 'Add the folder that contains it (or one of its parents) to the import paths.',
  });
  return undefined;
}

/**
 * A file named on the command line: relative to the working directory, else (as protoc and grpcurl do) to an import
 * path. When only something else is there (a folder, a pipe), says what it is.
 */
async function findProtoFile(
  file: string,
  importPaths: string[],
): Promise<string | { type: string } | undefined> {
  const candidates = [
    resolve(file),
    ...(isAbsolute(file) ? [] : importPaths.map((folder) => resolve(folder, file))),
  ];
  let other: { type: string } | undefined;
  for (const candidate of candidates) {
    const stats = await stat(candidate).catch(() => undefined);
    if (stats?.isFile()) return candidate;
    if (stats) other ??= { type: fileType(stats) };
  }
  return other;
}

function notAProtoFile(file: string, type: string): SchemaProblem {
  return {
    message: `${file} is ${type}, not a .proto file.`,
    hint:
      type === 'a folder'
        ? 'Name the .proto files inside it, and add the folder to the import paths so their imports resolve (CLI: --proto FILE -I FOLDER).'
        : 'Save the .proto text to a regular file and name that file: pipes and devices are not read.',
  };
}

/** Finds an imported file in the given folders, in order. */
async function locate(name: string, folders: string[], bundled: string): Promise<Outcome> {
  for (const folder of folders) {
    const outcome =
      folder === bundled
        ? await loadBundled(name, bundled)
        : await readAndParse(name, join(folder, name), true);
    if (!('missing' in outcome)) return outcome;
  }
  return { missing: true };
}

function loadBundled(name: string, bundled: string): Promise<Outcome> {
  let outcome = bundledCache.get(name);
  if (!outcome) {
    outcome = readAndParse(name, join(bundled, name), true);
    bundledCache.set(name, outcome);
  }
  return outcome;
}

async function readAndParse(name: string, diskPath: string, optional = false): Promise<Outcome> {
  let text: string;
  try {
    // Reading a pipe would wait for a writer forever; a folder where an import could be is just not that import.
    const stats = await stat(diskPath);
    if (!stats.isFile()) {
      if (optional && stats.isDirectory()) return { missing: true };
      return { problems: [notAProtoFile(diskPath, fileType(stats))] };
    }
    text = await readFile(diskPath, 'utf8');
  } catch (error) {
    if (optional) return { missing: true };
    return { problems: [{ message: `Cannot read ${diskPath}: ${(error as Error).message}` }] };
  }
  try {
    const ast = parseProto(text, name);
    return { file: { ast, diskPath } };
  } catch (error) {
    // Located by the path on disk, as link problems are: the name an import knows it by may not open from here.
    if (error instanceof SchemaError)
      return { problems: error.problems.map((problem) => onDisk(problem, name, diskPath)) };
    throw error;
  }
}

function onDisk(problem: SchemaProblem, name: string, diskPath: string): SchemaProblem {
  return problem.location?.file === name
    ? { ...problem, location: { ...problem.location, file: diskPath } }
    : problem;
}

/** protoc's order: each root after its imports (depth-first, declaration order); reports import cycles. */
function orderFiles(roots: string[], loaded: Map<string, LoadedFile>, problems: Problems): LoadedFile[] {
  const ordered: LoadedFile[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (name: string): void => {
    const file = loaded.get(name);
    if (!file || done.has(name)) return;
    stack.push(name);
    for (const imp of file.ast.imports) {
      const at = stack.indexOf(imp.path);
      if (at >= 0) {
        const cycle = [...stack.slice(at), imp.path].join(' -> ');
        problems.add(
          name,
          imp.span,
          `Import cycle: ${cycle}`,
          'Move the shared definitions into a file that both can import.',
        );
        continue;
      }
      visit(imp.path);
    }
    stack.pop();
    done.add(name);
    ordered.push(file);
  };
  for (const root of roots) visit(root);
  if (problems.list.length > 0) throw new SchemaError(problems.list);
  return ordered;
}
