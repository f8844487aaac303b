/** happy-dom does no layout: give every element a viewport size so virtualized lists render their visible rows. */
import { afterEach, beforeEach } from 'vitest';

/** Every element reports `height` × `width` client pixels during each test of the calling file. */
export function useElementSize(height: number, width = 800): void {
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  });
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });
}
