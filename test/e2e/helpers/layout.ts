// How the window's layout holds up: the top bar fits, buttons keep to one line, names truncate (issue 29).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The little of the DOM these checks read (the e2e project has no DOM types). */
interface Measured {
  scrollWidth: number;
  clientWidth: number;
  ownerDocument: {
    activeElement: unknown;
    createRange(): { selectNodeContents(node: unknown): void; getClientRects(): { length: number } };
  };
}

/** Whether a middle-truncated name shows less than all of itself. */
export const truncated = (name: Locator): Promise<boolean> =>
  name
    .locator('.pd-middle-head')
    .evaluate((element) => (element as Measured).scrollWidth > (element as Measured).clientWidth);

/** How many line boxes a button's text takes. */
export const lineCount = (button: Locator): Promise<number> =>
  button.evaluate((element) => {
    const range = (element as Measured).ownerDocument.createRange();
    range.selectNodeContents(element);
    return range.getClientRects().length;
  });

/** Whether the element has the keyboard focus. */
export const focused = (element: Locator): Promise<boolean> =>
  element.evaluate((node) => (node as Measured).ownerDocument.activeElement === node);

/** The top bar's visible controls and texts, each with its box. */
async function topBarBoxes(page: Page): Promise<Array<{ name: string; box: Box }>> {
  const parts = page
    .getByRole('banner')
    // A dialog the bar opens lives in its DOM but is not part of the bar.
    .locator(
      ':is(.app-name, .pd-workspace-name, button:visible, select:visible):not(dialog *, [role="dialog"] *)',
    );
  const boxes = [];
  for (const part of await parts.all()) {
    const box = await part.boundingBox();
    if (box)
      boxes.push({
        name: (await part.innerText()).trim() || ((await part.getAttribute('aria-label')) ?? ''),
        box,
      });
  }
  return boxes;
}

/** Fails when a part of the top bar overlaps another or runs past the window's right edge. */
export async function expectTopBarFits(page: Page, width: number): Promise<void> {
  const boxes = await topBarBoxes(page);
  expect(boxes.map((part) => part.name)).toEqual(expect.arrayContaining(['Protodesk', 'Open workspace…']));
  for (const [index, part] of boxes.entries()) {
    expect(part.box.x + part.box.width, `${part.name} runs off a ${width} px window`).toBeLessThanOrEqual(
      width,
    );
    for (const other of boxes.slice(index + 1))
      expect(overlap(part.box, other.box), `${part.name} overlaps ${other.name} at ${width} px`).toBe(false);
  }
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
