import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';

/** How many bytes of records are collected before one write to the spool file. */
const chunkBytes = 1024 * 1024;
/** How much of the file "save all" reads at a time. */
const readBytes = 1024 * 1024;
/** Each record: its payload's length (uint32 LE), its kind, the payload. */
const headerBytes = 5;

/** What a record holds: a message's protobuf bytes, or its JSON text (already redacted) as UTF-8. */
const enum Kind {
  Wire = 0,
  Json = 1,
}

/** Makes the JSON text of a spooled message's protobuf bytes (decoded, secrets hidden). */
export type SpoolJson = (bytes: Uint8Array) => string;

/**
 * Every message a call received, in a temporary file, so "save all messages" has them all even when the page was
 * shown only the newest. Messages are kept as their protobuf bytes (JSON is made only when they are read or saved),
 * except those that came decoded or hold a secret, which are kept as redacted JSON. Records are collected and written
 * in chunks, the file opened on the first write; an index of record offsets lets the page read any of them.
 */
export class MessageSpool {
  private stream?: WriteStream;
  private closed?: Promise<void>;
  private failure?: Error;
  private lastWrite: Promise<void> = Promise.resolve();
  private chunk = Buffer.allocUnsafe(chunkBytes);
  private chunkLength = 0;
  private records = 0;
  /** Where each record starts in the file (8 bytes a message). */
  private offsets = new Float64Array(1024);
  /** Records and bytes handed to the file so far. */
  private written = { records: 0, bytes: 0 };

  constructor(private readonly file: string) {}

  /** Adds one message as its protobuf bytes. */
  appendWire(bytes: Uint8Array): void {
    this.append(Kind.Wire, bytes);
  }

  /** Adds one message as its (redacted) JSON text. */
  appendJson(json: string): void {
    this.append(Kind.Json, Buffer.from(json));
  }

  /** The call has ended: writes what is left and closes the file. */
  finish(): void {
    this.writeChunk();
    this.stream?.end();
  }

  /** Writes every message appended so far to `path` as JSON Lines; answers how many. */
  async saveTo(path: string, toJson: SpoolJson): Promise<number> {
    const { records, bytes } = await this.flushed();
    if (bytes === 0) {
      await writeFile(path, '');
      return 0;
    }
    const out = createWriteStream(path);
    // Settles on finish or on the first error, even one before anyone waits (awaited below).
    const done = finished(out);
    done.catch(() => undefined);
    try {
      // Only the bytes written so far: the call may still be appending behind them.
      await this.eachRecord(0, bytes, toJson, async (lines) => {
        if (!out.write(lines)) await Promise.race([once(out, 'drain'), done]);
      });
      out.end();
      await done;
    } finally {
      out.destroy();
    }
    return records;
  }

  /** The JSON of messages `from`… (at most `count`, only those received so far). */
  async read(from: number, count: number, toJson: SpoolJson): Promise<string[]> {
    const { records, bytes } = await this.flushed();
    const to = Math.min(records, from + count);
    if (from >= to) return [];
    const end = to < records ? (this.offsets[to] as number) : bytes;
    const texts: string[] = [];
    await this.eachRecord(this.offsets[from] as number, end, toJson, (lines) => {
      for (const line of lines.split('\n')) if (line !== '') texts.push(line);
    });
    return texts;
  }

  /** Closes and deletes the file. */
  async remove(): Promise<void> {
    this.chunkLength = 0;
    this.stream?.end();
    await this.closed;
    await rm(this.file, { force: true });
  }

  private append(kind: Kind, payload: Uint8Array): void {
    const size = headerBytes + payload.byteLength;
    if (this.chunkLength + size > this.chunk.length) this.writeChunk();
    if (size > this.chunk.length) this.chunk = Buffer.allocUnsafe(size);
    if (this.records === this.offsets.length) {
      const grown = new Float64Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.records] = this.written.bytes + this.chunkLength;
    this.records += 1;
    const chunk = this.chunk;
    chunk.writeUInt32LE(payload.byteLength, this.chunkLength);
    chunk[this.chunkLength + 4] = kind;
    chunk.set(payload, this.chunkLength + headerBytes);
    this.chunkLength += size;
  }

  /** Everything appended is on its way to the file: what was written, once it was. */
  private async flushed(): Promise<{ records: number; bytes: number }> {
    this.writeChunk();
    const written = this.written;
    await this.lastWrite;
    if (this.failure) throw this.failure;
    return written;
  }

  /** Reads records between two offsets and hands their JSON on as lines, a piece of the file at a time. */
  private async eachRecord(
    start: number,
    end: number,
    toJson: SpoolJson,
    take: (lines: string) => void | Promise<void>,
  ): Promise<void> {
    const handle = await open(this.file, 'r');
    try {
      let position = start;
      let rest = Buffer.alloc(0);
      while (position < end) {
        const piece = Buffer.allocUnsafe(Math.min(readBytes, end - position));
        const { bytesRead } = await handle.read(piece, 0, piece.length, position);
        if (bytesRead === 0) throw new Error('The spool file ended before its last message.');
        position += bytesRead;
        const data =
          rest.length === 0
            ? piece.subarray(0, bytesRead)
            : Buffer.concat([rest, piece.subarray(0, bytesRead)]);
        const lines: string[] = [];
        let at = 0;
        while (at + headerBytes <= data.length) {
          const length = data.readUInt32LE(at);
          if (at + headerBytes + length > data.length) break;
          const payload = data.subarray(at + headerBytes, at + headerBytes + length);
          lines.push(data[at + 4] === Kind.Wire ? toJson(payload) : payload.toString(), '\n');
          at += headerBytes + length;
        }
        rest = data.subarray(at);
        if (lines.length > 0) await take(lines.join(''));
      }
    } finally {
      await handle.close();
    }
  }

  private writeChunk(): void {
    if (this.chunkLength === 0) return;
    const data = this.chunk.subarray(0, this.chunkLength);
    // The next records go to a fresh buffer: this one is the file's until its write completes.
    this.chunk = Buffer.allocUnsafe(chunkBytes);
    this.chunkLength = 0;
    const stream = this.open();
    this.written = { records: this.records, bytes: this.written.bytes + data.length };
    this.lastWrite = new Promise((resolve) => stream.write(data, () => resolve()));
  }

  private open(): WriteStream {
    if (this.stream) return this.stream;
    const stream = createWriteStream(this.file);
    this.closed = new Promise((resolve) => stream.once('close', () => resolve()));
    // A full disk must not crash the engine: the failure is reported when the messages are read or saved.
    stream.on('error', (error) => (this.failure = error));
    this.stream = stream;
    return stream;
  }
}
