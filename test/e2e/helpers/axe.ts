// axe-core in the real page: what it finds that a user with a screen reader, keyboard or low vision would hit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { waitForTransitions } from './app';

/** One axe rule that failed, with the elements it failed on (the part of axe's result a report needs). */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

// The app's CSP refuses a script tag (rightly), so the source is evaluated through the debugger protocol instead.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the whole page (WCAG 2.x A and AA rules plus best practices) and returns its violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Colours mid-fade (just after a theme switch) would fail contrast checks that pass once they settle.
  await waitForTransitions(page);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return page.evaluate<AxeViolation[]>(`
    window.axe
      .run(document, { resultTypes: ['violations'] })
      .then((results) => results.violations.map(({ id, impact, help, nodes }) => ({
        id, impact, help,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      })))
  `);
}

/** The violations a user is blocked or badly hindered by. */
export const serious = (violations: AxeViolation[]): AxeViolation[] =>
  violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');

/** A readable list: rule, impact, how many elements, and each element's selector with what is wrong. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map(
        (node) =>
          `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n\s*/g, '\n      ')}`,
      );
      return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}
