/** The request editor's model URI for a tab: one Monaco model per tab, and what Esc focuses. */
export function requestModelUri(tabId: string): string {
  return `protodesk://tab/${tabId}/request.json`;
}
