/**
 * What the page knows about one call: the newest messages both ways (a ring of `viewLimit`), counts, headers,
 * trailers and status. Each update is O(events in the batch): the ring is shared between successive snapshots, and
 * a snapshot copies it into an array only when someone reads `entries`.
 */
import { messagesKeptInView, type CallEventBatch, type MessageRun } from '../../shared/api/types';
import type { CallProtocol, CallStatus, CallTimings } from '../../shared/call';
import type { MetadataEntry, MethodKind } from '../../shared/schema';
import type { HistoryEntry } from '../../shared/workspace';

/** How many timeline entries a call keeps for the view; `saveCallMessages` writes every received one. */
export const viewLimit = messagesKeptInView;

/** One message in the timeline. */
export interface TimelineEntry {
  direction: 'sent' | 'received';
  /** 0-based, per direction, as the engine counts. */
  index: number;
  /** Milliseconds since the call started (engine time); undefined for a call reopened from history (not recorded). */
  atMs?: number;
  /** Serialized protobuf bytes; undefined for a call reopened from history (not recorded). */
  size?: number;
  /**
   * The message as JSON text; for sent messages the page's own text (empty until `noteSent` supplies it), for received
   * ones empty when their batch carried only size and time (fetched with `calls.messages` when shown).
   */
  json: string;
}

/** How a call ended; `httpVersion` for gRPC-Web and Connect calls that reached a server. */
export interface CallResult {
  status: CallStatus;
  timings: CallTimings;
  insecure: boolean;
  httpVersion?: '1.1' | '2';
}

/** One immutable view of a call; `applyBatch` and `noteSent` answer the next one (use only the newest). */
export interface CallModel {
  readonly callId: string;
  readonly kind: MethodKind;
  /** The wire protocol the call used. */
  readonly protocol: CallProtocol;
  /** Bumps on every change (React re-render key). */
  readonly version: number;
  /** The newest `viewLimit` entries, oldest first (materialized on first read, cached per snapshot). */
  readonly entries: TimelineEntry[];
  /** How many entries the timeline holds (`entries.length` without copying). */
  readonly entryCount: number;
  /** Entry `i` of `entries` without copying the ring. */
  entryAt(i: number): TimelineEntry | undefined;
  /** All messages received, shown or not. */
  readonly receivedCount: number;
  readonly sentCount: number;
  /** Received but never carried to the page (the engine dropped them under load). */
  readonly skipped: number;
  readonly headers?: MetadataEntry[];
  readonly trailers?: MetadataEntry[];
  readonly status?: CallResult;
  /** performance.now() when the page started the call. */
  readonly startedAt: number;
  /** ISO time the call ran, for a call reopened from history (the engine does not know its id). */
  readonly fromHistory?: string;
}

/** The mutable storage successive snapshots of one call share. */
class CallStore {
  readonly ring: (TimelineEntry | undefined)[] = [];
  /** Entries ever pushed into the ring. */
  pushed = 0;
  /** Texts the page noted (`noteSent`) whose `sent` event has not arrived yet, by send index. */
  readonly textsWaiting = new Map<number, string>();
  /** Sent entries whose text the page has not noted yet, by send index. */
  readonly entriesWaiting = new Map<number, TimelineEntry>();
  /** How many texts the page has noted: the send index of the next one. */
  noted = 0;

  push(entry: TimelineEntry): void {
    this.ring[this.pushed % viewLimit] = entry;
    this.pushed += 1;
  }
}

type PlainFields = Omit<CallModel, 'entries' | 'entryCount' | 'entryAt'>;
/** A snapshot's plain fields, writable while the next snapshot is being built. */
type Fields = { -readonly [K in keyof PlainFields]: PlainFields[K] };

class Snapshot implements CallModel {
  readonly callId: string;
  readonly kind: MethodKind;
  readonly protocol: CallProtocol;
  readonly version: number;
  readonly receivedCount: number;
  readonly sentCount: number;
  readonly skipped: number;
  readonly headers?: MetadataEntry[];
  readonly trailers?: MetadataEntry[];
  readonly status?: CallResult;
  readonly startedAt: number;
  readonly fromHistory?: string;
  readonly entryCount: number;
  private readonly first: number;
  private materialized: TimelineEntry[] | undefined;

  constructor(
    readonly store: CallStore,
    fields: Fields,
  ) {
    this.callId = fields.callId;
    this.kind = fields.kind;
    this.protocol = fields.protocol;
    this.version = fields.version;
    this.receivedCount = fields.receivedCount;
    this.sentCount = fields.sentCount;
    this.skipped = fields.skipped;
    this.headers = fields.headers;
    this.trailers = fields.trailers;
    this.status = fields.status;
    this.startedAt = fields.startedAt;
    this.fromHistory = fields.fromHistory;
    this.entryCount = Math.min(store.pushed, viewLimit);
    this.first = store.pushed - this.entryCount;
  }

  entryAt(i: number): TimelineEntry | undefined {
    if (i < 0 || i >= this.entryCount) return undefined;
    return this.store.ring[(this.first + i) % viewLimit];
  }

  get entries(): TimelineEntry[] {
    if (!this.materialized) {
      const list: TimelineEntry[] = [];
      for (let i = 0; i < this.entryCount; i += 1) {
        const entry = this.entryAt(i);
        if (entry) list.push(entry);
      }
      this.materialized = list;
    }
    return this.materialized;
  }

  /** The fields a successor starts from. */
  fields(): Fields {
    const { callId, kind, protocol, version, receivedCount, sentCount, skipped, headers, trailers, status } =
      this;
    const fields = {
      callId,
      kind,
      protocol,
      version,
      receivedCount,
      sentCount,
      skipped,
      headers,
      trailers,
      status,
      startedAt: this.startedAt,
    };
    return this.fromHistory === undefined ? fields : { ...fields, fromHistory: this.fromHistory };
  }
}

function storeOf(model: CallModel): { store: CallStore; fields: Fields } {
  if (!(model instanceof Snapshot)) throw new Error('Call models are made by createCallModel.');
  return { store: model.store, fields: model.fields() };
}

/** Whether the call has a connection: a request went out on it (the engine counts it only then), or the server answered. */
export function hasConnection(call: CallModel): boolean {
  return call.sentCount > 0 || call.headers !== undefined || call.receivedCount > 0;
}

/** A call the page just started, with nothing received yet. */
export function createCallModel(
  callId: string,
  kind: MethodKind,
  protocol: CallProtocol = 'grpc',
): CallModel {
  return new Snapshot(new CallStore(), {
    callId,
    kind,
    protocol,
    version: 0,
    receivedCount: 0,
    sentCount: 0,
    skipped: 0,
    startedAt: performance.now(),
  });
}

/**
 * A finished call as history recorded it: the messages it sent, then those it received (history keeps neither their
 * times nor their sizes, nor how a bidi call interleaved them), its metadata and status, marked with when it ran.
 */
export function callModelFromHistory(entry: HistoryEntry, kind: MethodKind): CallModel {
  const store = new CallStore();
  entry.request.messages.forEach((json, index) => store.push({ direction: 'sent', index, json }));
  entry.response.messages.forEach((json, index) => store.push({ direction: 'received', index, json }));
  return new Snapshot(store, {
    callId: `history:${entry.id}`,
    kind,
    protocol: entry.request.protocol ?? 'grpc',
    version: 0,
    receivedCount: entry.response.count,
    sentCount: entry.timings.messagesSent,
    skipped: 0,
    headers: entry.response.headers,
    trailers: entry.response.trailers,
    status: {
      status: { code: entry.status.code, name: entry.status.name, message: entry.statusMessage },
      timings: entry.timings,
      insecure: false,
    },
    startedAt: performance.now(),
    fromHistory: entry.at,
  });
}

/** Bounds a waiting map: its oldest keys are dropped once it holds more than the view does. */
function keepBounded<V>(map: Map<number, V>): void {
  for (const key of map.keys()) {
    if (map.size <= viewLimit) return;
    map.delete(key);
  }
}

function sentEntry(store: CallStore, index: number, size: number, atMs: number): TimelineEntry {
  const json = store.textsWaiting.get(index);
  store.textsWaiting.delete(index);
  const entry: TimelineEntry = { direction: 'sent', index, atMs, size, json: json ?? '' };
  if (json === undefined) {
    store.entriesWaiting.set(index, entry);
    keepBounded(store.entriesWaiting);
  }
  return entry;
}

/** Applies one event batch of this call (batches of other calls leave the model as it is). */
export function applyBatch(model: CallModel, batch: CallEventBatch): CallModel {
  if (batch.callId !== model.callId || (batch.entries.length === 0 && batch.skipped === 0)) return model;
  const { store, fields } = storeOf(model);
  const next: Fields = { ...fields, version: fields.version + 1, skipped: fields.skipped + batch.skipped };
  next.receivedCount += batch.skipped;
  for (const entry of batch.entries) {
    switch (entry.type) {
      case 'headers':
        next.headers = entry.metadata;
        break;
      case 'trailers':
        next.trailers = entry.metadata;
        break;
      case 'sent':
        store.push(sentEntry(store, entry.index, entry.size, entry.atMs));
        next.sentCount += 1;
        break;
      case 'messages':
        pushRun(store, entry);
        next.receivedCount += entry.sizes.length;
        break;
      case 'status':
        next.status = {
          status: entry.status,
          timings: entry.timings,
          insecure: entry.insecure,
          ...(entry.httpVersion !== undefined ? { httpVersion: entry.httpVersion } : {}),
        };
        // The engine's own counts are final (messages dropped after the last batch included).
        next.receivedCount = Math.max(next.receivedCount, entry.timings.messagesReceived);
        next.sentCount = Math.max(next.sentCount, entry.timings.messagesSent);
        break;
    }
  }
  return new Snapshot(store, next);
}

/** A run's messages as timeline entries; each text is a slice of the run's (no copy), '' for those sent without. */
function pushRun(store: CallStore, run: MessageRun): void {
  const withoutJson = run.sizes.length - run.jsonLengths.length;
  let offset = 0;
  for (let i = 0; i < run.sizes.length; i += 1) {
    let json = '';
    if (i >= withoutJson) {
      const length = run.jsonLengths[i - withoutJson] as number;
      json = run.json.slice(offset, offset + length);
      offset += length;
    }
    store.push({
      direction: 'received',
      index: run.firstIndex + i,
      atMs: run.atMs[i] as number,
      size: run.sizes[i] as number,
      json,
    });
  }
}

/**
 * Records the text of a request the engine accepted (the initial requests once `startCall` resolved, then each
 * `sendMessage` once it resolved), in send order: the timeline shows it on the matching `sent` event.
 */
export function noteSent(model: CallModel, json: string): CallModel {
  const { store, fields } = storeOf(model);
  const index = store.noted;
  store.noted += 1;
  const entry = store.entriesWaiting.get(index);
  if (entry) {
    entry.json = json;
    store.entriesWaiting.delete(index);
  } else {
    store.textsWaiting.set(index, json);
    keepBounded(store.textsWaiting);
  }
  return new Snapshot(store, { ...fields, version: fields.version + 1 });
}
