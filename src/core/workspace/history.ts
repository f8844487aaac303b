import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryEntry, HistorySummary } from '../../shared/workspace';
import { writeFileAtomic } from './atomic-write';

/** Entry ids: milliseconds since 1970 in base 36 (fixed width, so text order is time order), then random hex. */
const idPattern = /^[0-9a-z]{10}-[0-9a-f]{8}$/;
const entryFile = (id: string): string => `${id}.json`;

/** Limits of the history; the oldest entries go first when either is exceeded. */
export interface HistoryLimits {
  /** Default 500. */
  maxEntries?: number;
  /** Total size of the entry files; default 50 MB. */
  maxBytes?: number;
}

/**
 * Every call, one JSON file per entry in a folder outside the workspace (so it never shows in a git diff), written
 * atomically. Newest first, searchable, capped by count and total size.
 */
export class HistoryStore {
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private lastTime = 0;

  constructor(
    private readonly folder: string,
    limits: HistoryLimits = {},
  ) {
    this.maxEntries = limits.maxEntries ?? 500;
    this.maxBytes = limits.maxBytes ?? 50 * 1024 * 1024;
  }

  /** Stores a call under a new id, then drops the oldest entries beyond the limits (never the one just stored). */
  async record(entry: Omit<HistoryEntry, 'id'>): Promise<HistoryEntry> {
    const stored: HistoryEntry = { id: this.nextId(), ...entry };
    await mkdir(this.folder, { recursive: true });
    await writeFileAtomic(join(this.folder, entryFile(stored.id)), `${JSON.stringify(stored)}\n`);
    await this.trim(stored.id);
    return stored;
  }

  /**
   * Entries newest first, at most `limit`; with `text`, only those whose method, target, status name, request or
   * response contain it (ignoring case). Files that cannot be read are left out.
   */
  async list(query: { text?: string; limit?: number } = {}): Promise<HistorySummary[]> {
    const needle = query.text?.trim().toLowerCase() ?? '';
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const found: HistorySummary[] = [];
    for (const id of (await this.ids()).reverse()) {
      if (found.length >= limit) break;
      const entry = await this.read(id).catch(() => undefined);
      if (entry && (needle === '' || searchText(entry).includes(needle))) found.push(summary(entry));
    }
    return found;
  }

  /** One entry; throws an Error saying so when there is no such entry. */
  async get(id: string): Promise<HistoryEntry> {
    if (!idPattern.test(id)) throw missing(id);
    try {
      return await this.read(id);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw missing(id);
      // JSON.parse's own message quotes the file's first bytes.
      const reason =
        error instanceof SyntaxError
          ? 'it is not valid JSON (the file is damaged)'
          : (error as Error).message;
      throw new Error(`The history entry ${id} cannot be read: ${reason}.`, { cause: error });
    }
  }

  /** Removes every entry. */
  async clear(): Promise<void> {
    await Promise.all((await this.ids()).map((id) => rm(join(this.folder, entryFile(id)), { force: true })));
  }

  /** Ids of the stored entries, oldest first. */
  private async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => idPattern.test(id))
      .sort();
  }

  private async read(id: string): Promise<HistoryEntry> {
    return JSON.parse(await readFile(join(this.folder, entryFile(id)), 'utf8')) as HistoryEntry;
  }

  /** Removes the oldest entries until both limits hold, keeping `keep`. */
  private async trim(keep: string): Promise<void> {
    const ids = await this.ids();
    const sizes = await Promise.all(
      ids.map((id) =>
        stat(join(this.folder, entryFile(id))).then(
          (info) => info.size,
          () => 0,
        ),
      ),
    );
    let total = sizes.reduce((sum, size) => sum + size, 0);
    let count = ids.length;
    for (const [index, id] of ids.entries()) {
      if (count <= this.maxEntries && total <= this.maxBytes) break;
      if (id === keep) continue;
      await rm(join(this.folder, entryFile(id)), { force: true });
      count -= 1;
      total -= sizes[index] ?? 0;
    }
  }

  /** A new id later than every id this store gave before, even within one millisecond. */
  private nextId(): string {
    this.lastTime = Math.max(Date.now(), this.lastTime + 1);
    return `${this.lastTime.toString(36).padStart(10, '0')}-${randomBytes(4).toString('hex')}`;
  }
}

function missing(id: string): Error {
  return new Error(
    `There is no history entry ${id}: it was cleared, or removed to keep the history within its limits.`,
  );
}

function summary(entry: HistoryEntry): HistorySummary {
  const { id, at, method, target, status, totalMs, savedPath } = entry;
  return { id, at, method, target, status, totalMs, ...(savedPath !== undefined ? { savedPath } : {}) };
}

/** Everything a search looks at, lower-cased. */
function searchText(entry: HistoryEntry): string {
  const metadata = (entries: { key: string; value: string }[]): string[] =>
    entries.map((e) => `${e.key}: ${e.value}`);
  return [
    entry.method,
    entry.target,
    entry.status.name,
    entry.statusMessage,
    ...metadata(entry.request.metadata),
    ...entry.request.messages,
    ...entry.response.messages,
    ...metadata(entry.response.headers),
    ...metadata(entry.response.trailers),
  ]
    .join('\n')
    .toLowerCase();
}
