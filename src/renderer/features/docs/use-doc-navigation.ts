/** Moving between the Docs view's type sections by their links, with a Back that retraces the steps. */
import { useCallback, useState, type RefObject } from 'react';
import { typeSectionId } from '../../model/doc-text';

/** What the Docs view needs to follow links and go back. */
export interface DocNavigation {
  /** Shows the section of a type (scrolled into view, its heading focused), remembering where the reader was. */
  go(fullName: string): void;
  back(): void;
  canGoBack: boolean;
  /** The type whose section was reached last, for highlighting it; undefined at the top. */
  current: string | undefined;
}

/** The method's summary at the top is where reading starts (undefined). */
type Place = string | undefined;

/**
 * Navigation inside `container`, whose sections carry typeSectionId ids and a focusable heading; going back to the top
 * focuses `top` (the panel's title).
 */
export function useDocNavigation(
  container: RefObject<HTMLElement | null>,
  top: RefObject<HTMLElement | null>,
): DocNavigation {
  const [trail, setTrail] = useState<Place[]>([]);
  const [current, setCurrent] = useState<Place>(undefined);
  const show = useCallback(
    (place: Place): void => {
      const root = container.current;
      if (place === undefined) {
        root?.scrollTo({ top: 0 });
        top.current?.focus({ preventScroll: true });
      } else {
        const section = root?.querySelector<HTMLElement>(`#${typeSectionId(place)}`);
        section?.scrollIntoView({ block: 'start' });
        section?.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
      }
      setCurrent(place);
    },
    [container, top],
  );
  return {
    go(fullName) {
      setTrail((steps) => [...steps, current]);
      show(fullName);
    },
    back() {
      const previous = trail[trail.length - 1];
      setTrail((steps) => steps.slice(0, -1));
      show(previous);
    },
    canGoBack: trail.length > 0,
    current,
  };
}
