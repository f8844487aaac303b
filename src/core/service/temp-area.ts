import { mkdtempSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One temporary folder per service (spooled messages, dropped files), created on first use and removed on close. */
export class TempArea {
  private root?: string;
  private next = 0;

  /** A fresh path inside the area (nothing is created at it); `name` keeps it recognisable. */
  path(name: string): string {
    // Created synchronously: callers need a path at once (a spool opens its file from an event handler).
    this.root ??= mkdtempSync(join(tmpdir(), 'protodesk-'));
    this.next += 1;
    return join(this.root, `${this.next}-${name}`);
  }

  /** Creates a fresh empty folder inside the area. */
  async folder(name: string): Promise<string> {
    const path = this.path(name);
    await mkdir(path);
    return path;
  }

  /** Removes everything in the area. */
  async dispose(): Promise<void> {
    if (this.root) await rm(this.root, { recursive: true, force: true });
    this.root = undefined;
  }
}
