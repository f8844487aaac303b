/** The numbers the request sections' tabs show: what a call will send or check. */
import { enabledMetadata } from '../../model/metadata-rows';
import type { TabState } from '../../state/types';

/** Metadata entries a call sends (enabled rows with a key). */
export const metadataCount = (tab: Pick<TabState, 'metadata'>): number =>
  enabledMetadata(tab.metadata).length;

/** Assertions set plus captures. */
export const testsCount = (tab: Pick<TabState, 'assertions' | 'captures'>): number =>
  Object.values(tab.assertions).filter((value) => value !== undefined).length + tab.captures.length;
