/** Keeps the active tab scrolled into the strip's view: on open, switch, restore, and when the strip resizes. */
import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Scrolls `strip` horizontally just enough to show the tab `activeId` (its `data-tab-id` item) whole. */
function reveal(strip: HTMLElement, activeId: string): void {
  const item = strip.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(activeId)}"]`);
  if (!item) return;
  const view = strip.getBoundingClientRect();
  const tab = item.getBoundingClientRect();
  const viewEnd = view.left + strip.clientWidth;
  if (tab.left < view.left) strip.scrollLeft -= view.left - tab.left;
  else if (tab.right > viewEnd) strip.scrollLeft += Math.min(tab.right - viewEnd, tab.left - view.left);
}

/** Reveals the active tab whenever it or the tabs change (`layoutKey` changes when tabs move or resize), and when the strip resizes. */
export function useActiveInView(
  strip: RefObject<HTMLElement | null>,
  activeId: string | undefined,
  layoutKey: string,
): void {
  useLayoutEffect(() => {
    if (strip.current && activeId !== undefined) reveal(strip.current, activeId);
  }, [strip, activeId, layoutKey]);

  useEffect(() => {
    const element = strip.current;
    if (!element || activeId === undefined) return undefined;
    const observer = new ResizeObserver(() => reveal(element, activeId));
    observer.observe(element);
    return () => observer.disconnect();
  }, [strip, activeId]);
}
