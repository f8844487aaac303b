import type { Span } from './ast';

/** What a fully qualified name refers to. */
export type SymbolKind =
  'package' | 'message' | 'enum' | 'service' | 'field' | 'oneof' | 'enumValue' | 'extension' | 'method';

/** One named thing, with the file (import name) that defines it. */
export interface SymbolEntry {
  kind: SymbolKind;
  file: string;
  span?: Span;
  /** An enum's value names, in order (defaults name one of them). Syntax nodes are not kept: the trees are freed as files are linked. */
  enumValues?: string[];
}

/** The outcome of resolving a name as protoc does. */
export type LookupResult =
  { ok: true; fullName: string; entry: SymbolEntry } | { ok: false; message: string; hint?: string };

/** What a file may see: itself, its imports, and what those publicly re-export. */
export interface FileView {
  name: string;
  visible: ReadonlySet<string>;
}

const aggregates = new Set<SymbolKind>(['package', 'message', 'enum', 'service']);

/** Every symbol of a compilation, keyed by fully qualified name (no leading dot). */
export class SymbolTable {
  private readonly symbols = new Map<string, SymbolEntry>();
  /** For package names: the files whose package is that name or inside it. */
  private readonly packageFiles = new Map<string, Set<string>>();
  private bySimpleName?: Map<string, string[]>;

  /** The symbol with this full name, if any. */
  get(fullName: string): SymbolEntry | undefined {
    return this.symbols.get(fullName);
  }

  /** Adds a symbol; returns the error text (protoc's wording) when the name is taken. */
  add(fullName: string, entry: SymbolEntry): string | undefined {
    const existing = this.symbols.get(fullName);
    if (entry.kind === 'package') {
      if (existing && existing.kind !== 'package') {
        return `"${fullName}" is already defined (as something other than a package) in file "${existing.file}".`;
      }
      if (!existing) this.symbols.set(fullName, entry);
      let files = this.packageFiles.get(fullName);
      if (!files) this.packageFiles.set(fullName, (files = new Set()));
      files.add(entry.file);
      return undefined;
    }
    if (existing) {
      if (existing.file !== entry.file) return `"${fullName}" is already defined in file "${existing.file}".`;
      const dot = fullName.lastIndexOf('.');
      if (entry.kind === 'enumValue' && existing.kind === 'enumValue') {
        const scope = dot < 0 ? '' : fullName.slice(0, dot);
        const name = fullName.slice(dot + 1);
        return `"${name}" is already defined in "${scope}". Note that enum values use C++ scoping rules, meaning that enum values are siblings of their type, not children of it. Therefore, "${name}" must be unique within "${scope}", not just within the enum.`;
      }
      return dot < 0
        ? `"${fullName}" is already defined.`
        : `"${fullName.slice(dot + 1)}" is already defined in "${fullName.slice(0, dot)}".`;
    }
    this.symbols.set(fullName, entry);
    return undefined;
  }

  /**
   * Resolves `name` as written inside the element `scope` (its full name), protoc's way: innermost scope outward,
   * the first component of a dotted name first. `typesOnly` skips non-type symbols with the same name.
   */
  lookup(name: string, scope: string, view: FileView, typesOnly: boolean): LookupResult {
    const state: { undeclared?: string } = {};
    const find = (full: string): SymbolEntry | undefined => this.findVisible(full, view, state);
    const fail = (message: string): LookupResult => this.notFound(name, message, view, state.undeclared);
    if (name.startsWith('.')) {
      const entry = find(name.slice(1));
      return entry ? { ok: true, fullName: name.slice(1), entry } : fail(`"${name}" is not defined`);
    }
    const firstDot = name.indexOf('.');
    const first = firstDot < 0 ? name : name.slice(0, firstDot);
    let scopeToTry = scope;
    for (;;) {
      const dot = scopeToTry.lastIndexOf('.');
      if (dot < 0) {
        const entry = find(name);
        return entry ? { ok: true, fullName: name, entry } : fail(`"${name}" is not defined`);
      }
      scopeToTry = scopeToTry.slice(0, dot);
      const candidate = `${scopeToTry}.${first}`;
      const entry = find(candidate);
      if (!entry) continue;
      if (firstDot >= 0) {
        if (!aggregates.has(entry.kind)) continue;
        const full = `${scopeToTry}.${name}`;
        const rest = find(full);
        if (rest) return { ok: true, fullName: full, entry: rest };
        return {
          ok: false,
          message: `"${name}" is resolved to "${full}", which is not defined`,
          hint: `The innermost scope is searched first in name resolution. Consider using a leading '.' (i.e., ".${name}") to start from the outermost scope.`,
        };
      }
      if (!typesOnly || entry.kind === 'message' || entry.kind === 'enum')
        return { ok: true, fullName: candidate, entry };
    }
  }

  private findVisible(
    fullName: string,
    view: FileView,
    state: { undeclared?: string },
  ): SymbolEntry | undefined {
    const entry = this.symbols.get(fullName);
    if (!entry) return undefined;
    if (view.visible.has(entry.file)) return entry;
    if (entry.kind === 'package') {
      const files = this.packageFiles.get(fullName);
      for (const file of view.visible) if (files?.has(file)) return entry;
    }
    state.undeclared ??= entry.file;
    return undefined;
  }

  private notFound(
    name: string,
    message: string,
    view: FileView,
    undeclared: string | undefined,
  ): LookupResult {
    if (undeclared) {
      return {
        ok: false,
        message,
        hint: `"${name}" is defined in "${undeclared}", which "${view.name}" does not import. Add: import "${undeclared}";`,
      };
    }
    const similar = this.similarTypes(name);
    return similar.length > 0
      ? { ok: false, message, hint: `Did you mean ${similar.map((s) => `"${s}"`).join(' or ')}?` }
      : { ok: false, message };
  }

  /** Types whose last name component matches the last component of `name`, ignoring case. */
  private similarTypes(name: string): string[] {
    if (!this.bySimpleName) {
      this.bySimpleName = new Map();
      for (const [full, entry] of this.symbols) {
        if (entry.kind !== 'message' && entry.kind !== 'enum') continue;
        const key = full.slice(full.lastIndexOf('.') + 1).toLowerCase();
        const list = this.bySimpleName.get(key) ?? [];
        list.push(full);
        this.bySimpleName.set(key, list);
      }
    }
    const key = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    return (this.bySimpleName.get(key) ?? []).slice(0, 3);
  }
}
