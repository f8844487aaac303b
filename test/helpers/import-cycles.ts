// The import graph of a source folder, as TypeScript resolves it, and the cycles in it (type-only imports included:
// a type declared in the wrong file is a design cycle even when the compiled code has none).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { stronglyConnected } from '../../src/core/schema/reflection/lossy/strongly-connected';

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** Every cycle among the .ts/.tsx files under `folder`, each as a path `a.ts → b.ts → a.ts` relative to it. */
export async function importCycles(folder: string): Promise<string[]> {
  const graph = await importGraph(folder);
  return cyclicGroups(graph).map((group) => {
    const loop = cycleThrough(graph, group);
    return [...loop, loop[0]!].map((file) => relative(folder, file)).join(' → ');
  });
}

/** Each source file with the source files it imports (static, dynamic, `import type`, re-exports). */
async function importGraph(folder: string): Promise<Map<string, string[]>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(await readFile(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(
        ({ fileName }) =>
          ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName,
      )
      .filter((target): target is string => target !== undefined && inside.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected groups of more than one file (or a file importing itself): the import cycles. */
function cyclicGroups(graph: Map<string, string[]>): string[][] {
  return stronglyConnected([...graph.keys()], (file) => graph.get(file) ?? []).filter(
    (group) => group.length > 1 || graph.get(group[0]!)!.includes(group[0]!),
  );
}

/** One concrete loop inside a strongly connected group: the shortest way from its first file back to it. */
function cycleThrough(graph: Map<string, string[]>, group: string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]!)!);
        return loop;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}
