import type { DescMessage, Registry } from '@bufbuild/protobuf';
import {
  compileJsonDecoder,
  compileWireCheck,
  type JsonDecoder,
  type JsonOptions,
  type WireCheck,
} from '../schema/json';

/** A response message as received, before decoding. */
export interface ReceivedMessage {
  index: number;
  size: number;
  atMs: number;
  bytes: Uint8Array;
}

/** How responses of one type are read: decoded to JSON, or only checked against the schema (JSON made later). */
export interface ResponseCodec {
  decode: JsonDecoder;
  check: WireCheck;
}

/** The codec of `message` in `registry`, printing with `options`. */
export function responseCodec(registry: Registry, message: DescMessage, options: JsonOptions): ResponseCodec {
  return {
    decode: compileJsonDecoder(registry, message, options),
    check: compileWireCheck(registry, message, options),
  };
}

/**
 * Looks up the types of Anys the schema lacks (by the server's reflection); resolves with a codec that knows them,
 * or undefined when none could be found. Never rejects.
 */
export type AnyTypeResolver = (typeUrls: string[]) => Promise<ResponseCodec | undefined>;

/**
 * Where responses go, in the order they were received: decoded (`message`), or, when only checked, with the decoder
 * that makes their JSON when someone needs it (`checked`).
 */
export interface DecodedSink {
  message(received: ReceivedMessage, json: string): void;
  checked?(received: ReceivedMessage, decode: JsonDecoder): void;
  failure(received: ReceivedMessage, error: unknown): void;
}

/**
 * Decodes (or, with `checkOnly`, checks) responses in order. When one holds an Any whose type the schema lacks, it and every later message wait
 * while the resolver asks for the type (once per type URL per call); then they are decoded with what was found, and
 * what still is unknown shows as type URL and bytes.
 */
export class ResponseDecoder {
  /** Messages waiting for a lookup; defined only while one is in flight. */
  private waiting: ReceivedMessage[] | undefined;
  private lookup: Promise<void> = Promise.resolve();
  private readonly asked = new Set<string>();
  /** The type URLs the message being decoded lacks; one array and listener for all messages (a hot path). */
  private readonly unresolved: string[] = [];
  private readonly listen = (url: string): void => {
    this.unresolved.push(url);
  };

  constructor(
    private codec: ResponseCodec,
    private readonly resolve: AnyTypeResolver | undefined,
    private readonly sink: DecodedSink,
    private readonly checkOnly = false,
  ) {}

  push(received: ReceivedMessage): void {
    if (this.waiting) this.waiting.push(received);
    else this.decodeOne(received);
  }

  /** Whether messages are waiting for a lookup. */
  get busy(): boolean {
    return this.waiting !== undefined;
  }

  /** Settles once every message pushed so far has reached the sink. */
  async drained(): Promise<void> {
    while (this.waiting) await this.lookup;
  }

  private decodeOne(received: ReceivedMessage): void {
    this.unresolved.length = 0;
    let json = '';
    try {
      if (this.checkOnly) this.codec.check(received.bytes, this.listen);
      else json = this.codec.decode(received.bytes, this.listen);
    } catch (error) {
      this.sink.failure(received, error);
      return;
    }
    const fresh =
      this.unresolved.length === 0 ? [] : [...new Set(this.unresolved)].filter((url) => !this.asked.has(url));
    if (fresh.length === 0 || !this.resolve) {
      if (this.checkOnly && this.sink.checked) this.sink.checked(received, this.codec.decode);
      else this.sink.message(received, json);
      return;
    }
    for (const url of fresh) this.asked.add(url);
    this.waiting = [received];
    this.lookup = this.resolve(fresh).then((codec) => {
      if (codec) this.codec = codec;
      this.release();
    });
  }

  /** Decodes the waiting messages, stopping again if one needs another lookup. */
  private release(): void {
    const waiting = this.waiting ?? [];
    this.waiting = undefined;
    for (let i = 0; i < waiting.length; i++) {
      this.decodeOne(waiting[i] as ReceivedMessage);
      if (this.waiting) {
        (this.waiting as ReceivedMessage[]).push(...waiting.slice(i + 1));
        return;
      }
    }
  }
}
