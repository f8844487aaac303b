/** The sections of a tab's request pane; each tab remembers the one it shows (absent: Message). */
export const requestSections = ['message', 'metadata', 'auth', 'settings', 'tests'] as const;

/** One section of the request pane. */
export type RequestSection = (typeof requestSections)[number];
