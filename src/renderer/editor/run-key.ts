/** True for Ctrl+Enter (Cmd+Enter on macOS): the "run this request" chord in every editor. */
export function isRunChord(event: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}
