import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, slugOf } from '../helpers/markdown-links';

const root = join(import.meta.dirname, '../..');
const readme = join(root, 'README.md');

/** README.md and every Markdown file under docs/. */
function docPages(): string[] {
  const docs = join(root, 'docs');
  const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => join(docs, path));
  return [readme, ...pages];
}

describe('the docs', () => {
  it('keep the README a quick start: at most 12,000 bytes', () => {
    expect(statSync(readme).size).toBeLessThanOrEqual(12_000);
  });

  it('link only to files and headings that exist (README.md and docs/**/*.md)', () => {
    const pages = docPages();
    expect(pages.length).toBeGreaterThan(10);
    expect(brokenLinks(root, pages)).toEqual([]);
  });
});

describe('the link check', () => {
  it("makes GitHub's anchors: markup and punctuation dropped, repeats numbered", () => {
    expect(slugOf('One `protodesk call`')).toBe('one-protodesk-call');
    expect(slugOf('What "done" looks like for a feature')).toBe('what-done-looks-like-for-a-feature');
    expect(slugOf('Schema, TLS and metadata flags')).toBe('schema-tls-and-metadata-flags');
    expect([...anchorsOf('# Calls\n\n```sh\n# not a heading\n```\n## Calls\n')]).toEqual([
      'calls',
      'calls-1',
    ]);
  });

  it('names a missing file, a missing image, a missing heading, and passes the good links', () => {
    const folder = mkdtempSync(join(tmpdir(), 'protodesk-docs-links-'));
    mkdirSync(join(folder, 'docs', 'screenshots'), { recursive: true });
    writeFileSync(join(folder, 'docs', 'screenshots', 'here.png'), 'png');
    writeFileSync(join(folder, 'docs', 'guide.md'), '# Guide\n\n## Two commands\n');
    const page = join(folder, 'README.md');
    writeFileSync(
      page,
      [
        '# Readme',
        '[good](docs/guide.md#two-commands) ![good](docs/screenshots/here.png) [self](#readme)',
        '[web](https://example.com/missing.md) `[code](missing.md)`',
        '```',
        '[fenced](missing.md)',
        '```',
        '[gone](docs/gone.md) ![gone](docs/screenshots/gone.png) [no heading](docs/guide.md#three-commands)',
        '[no self](#nowhere)',
      ].join('\n'),
    );
    expect(brokenLinks(folder, [page])).toEqual([
      'README.md: docs/gone.md (no such file: docs/gone.md)',
      'README.md: docs/screenshots/gone.png (no such file: docs/screenshots/gone.png)',
      'README.md: docs/guide.md#three-commands (no heading "#three-commands" in docs/guide.md)',
      'README.md: #nowhere (no heading "#nowhere" in README.md)',
    ]);
  });
});
