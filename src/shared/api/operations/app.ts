/** The `app` domain: what the page needs to know about the engine it talks to. */
import { operation } from '../operation';
import type { AppInfo } from '../types';

export const appOperations = {
  /** Version, transport and the engine machine's folders. */
  info: operation<AppInfo>()({}),
} as const;
