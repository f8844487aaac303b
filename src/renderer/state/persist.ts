/** Saves open tabs (without calls) and remembered connections to localStorage, so a reload keeps them. */
import { z } from 'zod';
import { callProtocols } from '../../shared/call';
import { authSettingsSchema } from '../../shared/api/auth-validation';
import { tlsSettingsSchema } from '../../shared/api/validation';
import {
  assertionsSchema,
  captureSchema,
  itemNameSchema,
  savedRequestSchema,
} from '../../shared/api/workspace-validation';
import { requestSections } from './request-section';
import { isDirty } from './saved-settings';
import { tabTitle } from './tab-list';
import type { AppState, TabState } from './types';

const STORAGE_KEY = 'protodesk.workspace.v1';
/** Larger request texts are not kept (localStorage holds a few MB); such a tab comes back with its sample. */
const MAX_KEPT_TEXT = 256 * 1024;

const rowSchema = z.object({ key: z.string(), value: z.string(), enabled: z.boolean() });
// Metadata an older save remembered per source is dropped on load: a new tab never inherits it.
const rememberedSchema = z.object({
  target: z.string(),
  tls: tlsSettingsSchema,
  // A protocol from a newer build is dropped (gRPC) rather than dropping the tab.
  protocol: z.enum(callProtocols).optional().catch(undefined),
});
const connectionSchema = rememberedSchema.extend({ metadata: z.array(rowSchema) });
const methodSchema = z.object({
  name: z.string(),
  fullName: z.string(),
  path: z.string(),
  kind: z.enum(['unary', 'client_stream', 'server_stream', 'bidi']),
  inputType: z.string(),
  outputType: z.string(),
  doc: z.string(),
});
const tabSchema = connectionSchema.extend({
  id: z.string(),
  sourceId: z.string(),
  method: methodSchema,
  title: z.string(),
  requestText: z.string().optional(),
  baseText: z.string(),
  options: z.object({
    deadlineMs: z.number().optional(),
    emitDefaults: z.boolean(),
    gzip: z.boolean(),
    http2: z.boolean().optional(),
  }),
  saved: z.object({ path: z.string(), version: z.string() }).optional(),
  savedRequest: savedRequestSchema.optional(),
  keepText: z.boolean().optional(),
  tlsProfile: itemNameSchema.optional(),
  // Auth of a shape a newer build wrote is dropped (the tab inherits) rather than dropping the tab.
  auth: authSettingsSchema.optional().catch(undefined),
  captures: z.array(captureSchema).default([]),
  assertions: assertionsSchema.default({}),
  // An unknown section (from a newer build) shows Message rather than dropping the tab.
  section: z.enum(requestSections).optional().catch(undefined),
  preview: z.boolean().optional(),
  history: z.object({ id: z.string(), at: z.string() }).optional(),
  lastHistoryId: z.string().optional(),
});
// The one list of what a reload keeps of a tab: the schema's keys also pick what is written and what is compared.
const tabFields = Object.keys(tabSchema.shape) as (keyof z.input<typeof tabSchema> & keyof TabState)[];

const workspaceSchema = z.object({
  tabs: z.array(z.unknown()),
  activeTabId: z.string().optional(),
  connections: z.record(z.string(), rememberedSchema),
  workspaceFolder: z.string().optional(),
});

/** The part of the state that survives a reload, and the workspace folder its saved tabs belong to. */
export type PersistedState = Pick<AppState, 'tabs' | 'activeTabId' | 'connections'> & {
  workspaceFolder?: string;
};

/** Reads the saved workspace; tabs that no longer parse are dropped, a broken save gives nothing. */
export function loadWorkspace(storage: Pick<Storage, 'getItem'>): PersistedState | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  const parsed = workspaceSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const tabs = parsed.data.tabs.flatMap((value): TabState[] => {
    const tab = tabSchema.safeParse(value);
    if (!tab.success) return [];
    const requestText = tab.data.requestText ?? tab.data.baseText;
    const restored: TabState = { ...tab.data, requestText, dirty: false };
    return [{ ...restored, dirty: isDirty(restored) }];
  });
  const activeTabId = tabs.some((tab) => tab.id === parsed.data.activeTabId)
    ? parsed.data.activeTabId
    : tabs[0]?.id;
  return { ...parsed.data, tabs, activeTabId };
}

/** Writes the workspace; a full storage keeps the previous save rather than failing the page. */
export function saveWorkspace(storage: Pick<Storage, 'setItem'>, state: PersistedState): void {
  const saved = {
    tabs: state.tabs.map(persistedTab),
    activeTabId: state.activeTabId,
    connections: state.connections,
    workspaceFolder: state.workspaceFolder,
  };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Quota exceeded: the next change tries again.
  }
}

/**
 * A tab as saved: its request and settings, not its call, template or failure. A tab whose text is too large to
 * keep comes back as a new tab on its method (its sample), so it no longer claims to be its saved file.
 */
function persistedTab(tab: TabState): Partial<TabState> {
  const fields: Partial<TabState> = Object.fromEntries(tabFields.map((key) => [key, tab[key]]));
  const kept = tab.requestText.length <= MAX_KEPT_TEXT && tab.baseText.length <= MAX_KEPT_TEXT;
  if (kept) return fields;
  const dropped = { requestText: undefined, saved: undefined, savedRequest: undefined, keepText: undefined };
  return { ...fields, ...dropped, title: tabTitle(tab.method), baseText: '' };
}

/** Whether two snapshots save the same thing, compared by reference field by field (calls are not saved). */
export function samePersisted(a: PersistedState, b: PersistedState): boolean {
  if (a.activeTabId !== b.activeTabId || a.connections !== b.connections) return false;
  if (a.workspaceFolder !== b.workspaceFolder || a.tabs.length !== b.tabs.length) return false;
  return a.tabs.every((tab, i) => {
    const other = b.tabs[i];
    return other !== undefined && tabFields.every((key) => tab[key] === other[key]);
  });
}
