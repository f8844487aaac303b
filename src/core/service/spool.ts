import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/** How much message text is collected before one write to the spool file. */
const chunkBytes = 1024 * 1024;

/**
 * Every message a call received, as JSON Lines in a temporary file, so "save all messages" has them all even when the
 * page was shown only the newest. Lines are collected and written in chunks; the file is opened on the first write.
 */
export class MessageSpool {
  private stream?: WriteStream;
  private closed?: Promise<void>;
  private failure?: Error;
  private lastWrite: Promise<void> = Promise.resolve();
  private chunk: string[] = [];
  private chunkLength = 0;
  private lines = 0;
  /** Lines and bytes handed to the file so far. */
  private written = { lines: 0, bytes: 0 };

  constructor(private readonly file: string) {}

  /** Adds one message (compact JSON, one line). */
  append(json: string): void {
    this.chunk.push(json, '\n');
    this.chunkLength += json.length + 1;
    this.lines += 1;
    if (this.chunkLength >= chunkBytes) this.writeChunk();
  }

  /** The call has ended: writes what is left and closes the file. */
  finish(): void {
    this.writeChunk();
    this.stream?.end();
  }

  /** Copies every message appended so far to `path`; answers how many. */
  async saveTo(path: string): Promise<number> {
    this.writeChunk();
    const { lines, bytes } = this.written;
    await this.lastWrite;
    if (this.failure) throw this.failure;
    if (bytes === 0) await writeFile(path, '');
    // Only the bytes written so far: the call may still be appending behind them.
    else await pipeline(createReadStream(this.file, { start: 0, end: bytes - 1 }), createWriteStream(path));
    return lines;
  }

  /** Closes and deletes the file. */
  async remove(): Promise<void> {
    this.chunk = [];
    this.stream?.end();
    await this.closed;
    await rm(this.file, { force: true });
  }

  private writeChunk(): void {
    if (this.chunkLength === 0) return;
    const text = this.chunk.join('');
    this.chunk = [];
    this.chunkLength = 0;
    const stream = this.open();
    this.written = { lines: this.lines, bytes: this.written.bytes + Buffer.byteLength(text) };
    this.lastWrite = new Promise((resolve) => stream.write(text, () => resolve()));
  }

  private open(): WriteStream {
    if (this.stream) return this.stream;
    const stream = createWriteStream(this.file);
    this.closed = new Promise((resolve) => stream.once('close', () => resolve()));
    // A full disk must not crash the engine: the failure is reported when the messages are saved.
    stream.on('error', (error) => (this.failure = error));
    this.stream = stream;
    return stream;
  }
}
