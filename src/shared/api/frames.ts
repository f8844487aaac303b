/**
 * The WebSocket framing of browser mode. Each frame is text: a JSON header, a newline, then the message texts of the
 * batch's runs (see MessageRun), concatenated. Message texts (up to many MB) are never escaped into the header, so the
 * page parses only a small header of number columns and slices each run's text out (a substring, no second parse).
 */
import type { ApiEvent, ApiResult } from './types';

/** Page → engine: one operation call, `op` its name (`calls.start`), `input` its named fields. */
export interface RequestFrame {
  id: number;
  op: string;
  input: unknown;
}

/** Engine → page: an operation's answer, or an event. */
export type ServerFrame =
  { kind: 'result'; id: number; result: ApiResult<unknown> } | { kind: 'event'; event: ApiEvent };

/** Encodes an engine → page frame: a call batch's message texts go to the body, run after run. */
export function encodeServerFrame(frame: ServerFrame): string {
  if (frame.kind !== 'event' || frame.event.type !== 'call') return `${JSON.stringify(frame)}\n`;
  const bodies: string[] = [];
  const entries = frame.event.batch.entries.map((entry) => {
    if (entry.type !== 'messages') return entry;
    bodies.push(entry.json);
    return { ...entry, json: '' };
  });
  const header = { kind: 'event', event: { ...frame.event, batch: { ...frame.event.batch, entries } } };
  return `${JSON.stringify(header)}\n${bodies.join('')}`;
}

/** Decodes an engine → page frame; throws on a frame that does not follow the format. */
export function decodeServerFrame(text: string): ServerFrame {
  const newline = text.indexOf('\n');
  if (newline < 0) throw new Error('A frame from the engine has no header line.');
  const header = JSON.parse(text.slice(0, newline)) as ServerFrame;
  if (header.kind !== 'event' || header.event.type !== 'call') return header;
  let offset = newline + 1;
  for (const entry of header.event.batch.entries) {
    if (entry.type !== 'messages') continue;
    let length = 0;
    for (const each of entry.jsonLengths) length += each;
    entry.json = text.slice(offset, offset + length);
    offset += length;
  }
  return header;
}
