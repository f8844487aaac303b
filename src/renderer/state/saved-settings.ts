/** What a tab saves besides its body, normalised so a tab and the file it came from compare equal when unchanged. */
import type { AuthSettings } from '../../shared/auth';
import type { CallProtocol } from '../../shared/call';
import type { MetadataEntry } from '../../shared/schema';
import type { Assertions, Capture, SavedOptions, SavedRequest } from '../../shared/workspace';
import { enabledMetadata } from '../model/metadata-rows';
import type { RequestOptions, TabState } from './types';

/** A saved request without its method and body: the fields a tab edits around the JSON editor. */
export type SavedSettings = Omit<SavedRequest, 'method' | 'body'>;

/** The saved options of a tab's options: only what differs from the defaults; undefined when nothing does. */
export function savedOptions(options: RequestOptions): SavedOptions | undefined {
  const saved: SavedOptions = {
    ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
    ...(options.emitDefaults ? { emitDefaults: true } : {}),
    ...(options.gzip ? { gzip: true } : {}),
    ...(options.http2 ? { http2: true } : {}),
  };
  return Object.keys(saved).length > 0 ? saved : undefined;
}

/** A tab's options from saved ones (absent fields take the defaults). */
export function requestOptions(options: SavedOptions | undefined): RequestOptions {
  return {
    ...(options?.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
    emitDefaults: options?.emitDefaults ?? false,
    gzip: options?.gzip ?? false,
    ...(options?.http2 ? { http2: true } : {}),
  };
}

/** Assertions without unset keys; undefined when none is set. */
function savedAssertions(assertions: Assertions | undefined): Assertions | undefined {
  if (!assertions) return undefined;
  const set = Object.entries(assertions).filter(([, value]) => value !== undefined);
  return set.length > 0 ? (Object.fromEntries(set) as Assertions) : undefined;
}

/** The settings in the one shape both sides of a comparison use (absent rather than empty). */
function normalised(fields: {
  target: string;
  tlsProfile?: string;
  protocol?: CallProtocol;
  metadata: MetadataEntry[];
  options?: SavedOptions;
  captures?: Capture[];
  assertions?: Assertions;
  auth?: AuthSettings;
}): SavedSettings {
  const options = fields.options && savedOptions(requestOptions(fields.options));
  const assertions = savedAssertions(fields.assertions);
  return {
    target: fields.target,
    ...(fields.tlsProfile !== undefined ? { tlsProfile: fields.tlsProfile } : {}),
    ...(fields.protocol !== undefined ? { protocol: fields.protocol } : {}),
    metadata: fields.metadata.map(({ key, value }) => ({ key, value })),
    ...(options ? { options } : {}),
    ...(fields.captures && fields.captures.length > 0 ? { captures: fields.captures } : {}),
    ...(assertions ? { assertions } : {}),
    ...(fields.auth !== undefined ? { auth: fields.auth } : {}),
  };
}

/** The settings a tab would save (disabled metadata rows are not saved). */
export function tabSettings(tab: TabState): SavedSettings {
  return normalised({ ...tab, metadata: enabledMetadata(tab.metadata), options: savedOptions(tab.options) });
}

/** The settings of a saved request. */
export function requestSettings(request: SavedRequest): SavedSettings {
  return normalised(request);
}

/** JSON text with object keys sorted: equal for equal values whatever order their keys were written in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether a tab differs from what it was opened or last saved as (its text from its base, its settings from the file). */
export function isDirty(tab: TabState): boolean {
  if (tab.requestText !== tab.baseText) return true;
  return !!tab.savedRequest && stableJson(tabSettings(tab)) !== stableJson(requestSettings(tab.savedRequest));
}
