/** The workspace context a tab's call runs in: environment, TLS profile, saved path, captures and assertions. */
import type { CallContext } from '../../shared/workspace';
import { tabSettings } from './saved-settings';
import type { TabState } from './types';

/** The context `startCall` gets for a tab (unset parts left out). */
export function callContextOf(tab: TabState, environment: string | undefined): CallContext {
  const { tlsProfile, captures, assertions } = tabSettings(tab);
  return {
    ...(environment !== undefined ? { environment } : {}),
    ...(tlsProfile !== undefined ? { tlsProfile } : {}),
    ...(tab.saved ? { savedPath: tab.saved.path } : {}),
    ...(captures ? { captures } : {}),
    ...(assertions ? { assertions } : {}),
  };
}
