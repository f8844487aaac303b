/**
 * The WebSocket framing of browser mode. Each frame is text: a JSON header, a newline, then the message bodies of the
 * events it carries, concatenated. Bodies (request/response JSON, up to many MB) are never escaped into the header,
 * so the page parses only a small header and slices bodies out (a substring, no copy, no second JSON parse).
 */
import type { CallEvent } from '../call';
import type { ApiEvent, ApiResult } from './types';

/** Page → engine: one operation call. */
export interface RequestFrame {
  id: number;
  op: string;
  args: unknown[];
}

/** Engine → page: an operation's answer, or an event. */
export type ServerFrame = { kind: 'result'; id: number; result: ApiResult<unknown> } | { kind: 'event'; event: ApiEvent };

/** A message event in a header: its JSON is replaced by its length in the body section. */
type HeaderEvent = Exclude<CallEvent, { type: 'message' }> | (Omit<Extract<CallEvent, { type: 'message' }>, 'json'> & { type: 'message'; jsonLength: number });

/** Encodes an engine → page frame. */
export function encodeServerFrame(frame: ServerFrame): string {
  if (frame.kind !== 'event' || frame.event.type !== 'call') return `${JSON.stringify(frame)}\n`;
  const bodies: string[] = [];
  const events: HeaderEvent[] = frame.event.batch.events.map((event) => {
    if (event.type !== 'message') return event;
    bodies.push(event.json);
    return { type: 'message', index: event.index, size: event.size, atMs: event.atMs, jsonLength: event.json.length };
  });
  const header = { kind: 'event', event: { ...frame.event, batch: { ...frame.event.batch, events } } };
  return `${JSON.stringify(header)}\n${bodies.join('')}`;
}

/** Decodes an engine → page frame; throws on a frame that does not follow the format. */
export function decodeServerFrame(text: string): ServerFrame {
  const newline = text.indexOf('\n');
  if (newline < 0) throw new Error('A frame from the engine has no header line.');
  const header = JSON.parse(text.slice(0, newline)) as ServerFrame;
  if (header.kind !== 'event' || header.event.type !== 'call') return header;
  let offset = newline + 1;
  const events = (header.event.batch.events as HeaderEvent[]).map((event): CallEvent => {
    if (event.type !== 'message') return event;
    const json = text.slice(offset, offset + event.jsonLength);
    offset += event.jsonLength;
    return { type: 'message', index: event.index, size: event.size, atMs: event.atMs, json };
  });
  return { kind: 'event', event: { ...header.event, batch: { ...header.event.batch, events } } };
}
