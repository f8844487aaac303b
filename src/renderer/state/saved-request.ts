/** Between tabs and workspace request files: the file a tab saves, the tab a file (or history entry) opens, paths. */
import type { SourceState } from '../../shared/api/types';
import { formatJsonBody, parseJsonBody } from '../../shared/json-body';
import type { MethodInfo, TlsSettings } from '../../shared/schema';
import type { HistoryEntry, SavedRequest } from '../../shared/workspace';
import { requestOptions, tabSettings } from './saved-settings';
import { createTab, methodRef } from './tab-list';
import type { TabState } from './types';

/** The request file of a tab; throws SyntaxError when the editor's text is not JSON. */
export function savedRequestOf(tab: TabState): SavedRequest {
  return { method: methodRef(tab.method), ...tabSettings(tab), body: parseJsonBody(tab.requestText) };
}

/** `collections/<collection>/<folders…>/<name>.json`; `folder` may nest with `/`. */
export function requestPath(collection: string, folder: string, name: string): string {
  const folders = folder
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return ['collections', collection.trim(), ...folders, `${name.trim()}.json`].join('/');
}

/** The request's name: its file name without `.json`. */
export function requestName(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.json$/, '');
}

/** The first loaded source that has a method (`package.Service/Method`), and the method. */
export function findMethod(
  sources: SourceState[],
  method: string,
): { sourceId: string; method: MethodInfo } | undefined {
  const path = `/${method.replace(/^\//, '')}`;
  for (const source of sources) {
    if (source.status !== 'loaded') continue;
    for (const service of source.services) {
      const found = service.methods.find((m) => m.path === path);
      if (found) return { sourceId: source.id, method: found };
    }
  }
  return undefined;
}

/** The request body as editor text: pretty JSON. */
export function bodyText(request: SavedRequest): string {
  return formatJsonBody(request.body);
}

/** A tab showing a request; `saved` when it is the workspace file itself (else an unsaved tab with that content). */
export function tabFromRequest(options: {
  id: string;
  sourceId: string;
  method: MethodInfo;
  request: SavedRequest;
  /** TLS fields of the tab (a request file names a profile instead). */
  tls: TlsSettings;
  saved?: { path: string; version: string };
  text?: string;
}): TabState {
  const { request, saved } = options;
  const text = options.text ?? bodyText(request);
  const base = createTab(options.id, options.sourceId, options.method, {
    target: request.target,
    tls: options.tls,
    ...(request.protocol !== undefined ? { protocol: request.protocol } : {}),
    metadata: request.metadata.map(({ key, value }) => ({ key, value, enabled: true })),
  });
  return {
    ...base,
    title: saved ? requestName(saved.path) : base.title,
    requestText: text,
    baseText: text,
    keepText: true,
    options: requestOptions(request.options),
    ...(request.tlsProfile !== undefined ? { tlsProfile: request.tlsProfile } : {}),
    ...(request.auth !== undefined ? { auth: request.auth } : {}),
    captures: request.captures ?? [],
    assertions: request.assertions ?? {},
    ...(saved ? { saved, savedRequest: request } : {}),
  };
}

/**
 * The tab with the file's content, as freshly read: clean, no disk-change banner; its call, template, preview state
 * and history entry stay.
 */
export function withSavedContent(
  tab: TabState,
  request: SavedRequest,
  saved: { path: string; version: string },
): TabState {
  const opened = tabFromRequest({
    id: tab.id,
    sourceId: tab.sourceId,
    method: tab.method,
    request,
    tls: tab.tls,
    saved,
  });
  const { template, templateLoading, call, starting, halfClosed, outcome, preview, history } = tab;
  return {
    ...opened,
    preview,
    history,
    template,
    templateLoading: templateLoading && !template,
    call,
    starting,
    halfClosed,
    outcome,
    diskChanged: false,
  };
}

/** A message history recorded, as the editor shows it: pretty JSON, and its parsed body (`{}` when it is not JSON). */
export function historyMessage(sent: string): { body: SavedRequest['body']; text: string } {
  try {
    const body = parseJsonBody(sent);
    return { body, text: formatJsonBody(body) };
  } catch {
    // A body recorded cut short stays as text for the user to fix.
    return { body: {}, text: sent };
  }
}

/** The request a history entry sent, as a request to open (its first message is the body). */
export function requestOfHistory(entry: HistoryEntry): { request: SavedRequest; text: string } {
  const { body, text } = historyMessage(entry.request.messages[0] ?? '{}');
  const request: SavedRequest = {
    method: entry.method,
    target: entry.target,
    metadata: entry.request.metadata,
    body,
    ...(entry.request.options ? { options: entry.request.options } : {}),
    ...(entry.request.tlsProfile !== undefined ? { tlsProfile: entry.request.tlsProfile } : {}),
    ...(entry.request.protocol !== undefined ? { protocol: entry.request.protocol } : {}),
  };
  return { request, text };
}

/** The tabs with any whose source is gone bound to the first loaded source that has their method (ids change on restart). */
export function rebindTabs(tabs: TabState[], sources: SourceState[]): TabState[] {
  const ids = new Set(sources.map((source) => source.id));
  let changed = false;
  const next = tabs.map((tab) => {
    if (ids.has(tab.sourceId)) return tab;
    const found = findMethod(sources, methodRef(tab.method));
    if (!found) return tab;
    changed = true;
    return {
      ...tab,
      sourceId: found.sourceId,
      method: found.method,
      template: undefined,
      failure: undefined,
    };
  });
  return changed ? next : tabs;
}
