// Checks the relative links and images of Markdown files the way GitHub resolves them: a file beside the page, and a
// heading anchor made by GitHub's slug rule.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Markdown without fenced code blocks and inline code, where `[x](y)` and `# x` are not links or headings. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`]+`/g, (code) => code.replace(/[[\]()#]/g, ' '));
}

/** GitHub's anchor for a heading: the text without markup, lower-cased, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown page offers: its headings' slugs, repeated ones numbered as GitHub does (-1, -2, …). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of links and images that point inside the repository (no scheme, no absolute path). */
export function relativeTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of proseOf(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
    targets.push(target);
  }
  return targets;
}

/** What is wrong with each relative link or image of the given pages: "page: target (why)". */
export function brokenLinks(root: string, pages: readonly string[]): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    const markdown = readFileSync(page, 'utf8');
    for (const target of relativeTargets(markdown)) {
      const [pathPart = '', anchor] = target.split('#', 2);
      const file = pathPart === '' ? page : join(dirname(page), decodeURIComponent(pathPart));
      const where = `${relative(root, page)}: ${target}`;
      if (!existsSync(file)) {
        problems.push(`${where} (no such file: ${relative(root, file)})`);
      } else if (anchor !== undefined && anchor !== '') {
        if (!statSync(file).isFile() || !file.endsWith('.md')) {
          problems.push(`${where} (an anchor into a file that is not Markdown)`);
        } else if (!anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor))) {
          problems.push(`${where} (no heading "#${anchor}" in ${relative(root, file)})`);
        }
      }
    }
  }
  return problems;
}
