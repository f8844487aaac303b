/**
 * The opening messages of a client-stream or bidi tab reopened from history: Send starts the call with all of them,
 * the editor shows and edits one at a time.
 */
import type { HistoryEntry } from '../../shared/workspace';
import { callModelFromHistory } from '../model/call-model';
import { sendsStream } from './call-phase';
import { historyMessage } from './saved-request';
import type { StreamMessages, TabState } from './types';

/**
 * What a tab reopened from `entry` adds: which entry it is, the old response, and for a stream that sent several,
 * their list.
 */
export function historyTabState(entry: HistoryEntry, kind: TabState['method']['kind']): Partial<TabState> {
  const { messages, droppedMessages = 0 } = entry.request;
  const several = sendsStream(kind) && (messages.length > 1 || droppedMessages > 0);
  return {
    history: { id: entry.id, at: entry.at },
    call: callModelFromHistory(entry, kind),
    ...(several
      ? {
          streamMessages: {
            messages: messages.map((json) => historyMessage(json).text),
            current: 0,
            dropped: droppedMessages,
          },
        }
      : {}),
  };
}

/** The messages with the editor's text as the current one (the editor is where the current message is edited). */
function currentMessages(tab: TabState, list: StreamMessages): string[] {
  const messages = [...list.messages];
  messages[list.current] = tab.requestText;
  return messages;
}

/** The tab with message `index` of its list in the editor, the edits of the one it showed kept. */
export function withShownMessage(tab: TabState, index: number): TabState {
  const list = tab.streamMessages;
  if (!list || index < 0 || index >= list.messages.length) return tab;
  const messages = currentMessages(tab, list);
  return {
    ...tab,
    requestText: messages[index] ?? '',
    streamMessages: { ...list, messages, current: index },
    problem: undefined,
  };
}

/** The messages a Send starts the tab's call with. */
export function openingMessages(tab: TabState): string[] {
  return tab.streamMessages ? currentMessages(tab, tab.streamMessages) : [tab.requestText];
}
