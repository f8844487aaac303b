/**
 * Main's side of the engine: forwards each window's operations over the port, hands the engine's events to that window,
 * and answers the engine's questions with what only main has. Nothing here waits on the engine's work.
 */
import type { SecretCipher } from '../../core/workspace/secrets';
import type { ApiEvent, ApiResult, PathPurpose } from '../../shared/api/types';
import type { EngineLink } from './link';
import { parseFromEngine } from './protocol';
import type { EngineQuestion, EngineStart, FromEngine, Reply, ToEngine } from './protocol';

/** What only main can do for the engine. */
export interface MainServices {
  choosePaths(purpose: PathPurpose): Promise<string[]>;
  cipher: SecretCipher;
}

/** One window's connection: its operations, and letting it go (which releases the calls it started). */
export interface EngineConnection {
  /** The ApiResult as JSON text, for the page to read. */
  run(op: string, input: unknown): Promise<string>;
  close(): void;
}

export class EngineClient {
  private readonly pending = new Map<number, (json: string) => void>();
  private readonly listeners = new Map<number, (event: ApiEvent) => void>();
  private readonly closedWaiters: (() => void)[] = [];
  private nextRequest = 0;
  private nextClient = 0;
  /** Why the engine is gone, once it is. */
  private gone: string | undefined;
  private ending = false;

  constructor(
    private readonly link: EngineLink,
    start: EngineStart,
    private readonly services: MainServices,
  ) {
    link.onMessage((data) => this.receive(data));
    link.onExit((reason) => this.exited(reason));
    this.post({ type: 'start', start });
  }

  /** A new client whose call events go to `emit`. */
  connect(emit: (event: ApiEvent) => void): EngineConnection {
    const client = this.nextClient++;
    this.listeners.set(client, emit);
    this.post({ type: 'connect', client });
    return {
      run: (op, input) => this.request(client, op, input),
      close: () => {
        this.listeners.delete(client);
        this.post({ type: 'disconnect', client });
      },
    };
  }

  /** Lets the page read and write the paths the user dropped on the window. */
  grantDropped(paths: string[]): void {
    this.post({ type: 'grantDropped', paths });
  }

  /** Lets the engine cancel its calls and delete its temporary files (for at most `graceMs`), then ends it. */
  async close(graceMs: number): Promise<void> {
    this.ending = true;
    if (this.gone === undefined) {
      const closed = new Promise<void>((resolve) => this.closedWaiters.push(resolve));
      this.post({ type: 'close' });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    await this.link.end();
  }

  private request(client: number, op: string, input: unknown): Promise<string> {
    if (this.gone !== undefined) return Promise.resolve(this.stopped());
    const id = this.nextRequest++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ type: 'request', id, client, op, input });
    });
  }

  private post(message: ToEngine): void {
    if (this.gone === undefined) this.link.post(message);
  }

  private receive(data: unknown): void {
    const parsed = parseFromEngine(data);
    if (!parsed.ok) return console.warn(`Protodesk: ${parsed.problem}`);
    const message: FromEngine = parsed.message;
    switch (message.type) {
      case 'answer':
        this.pending.get(message.id)?.(message.json);
        this.pending.delete(message.id);
        return;
      case 'event':
        this.listeners.get(message.client)?.(message.event);
        return;
      case 'ask':
        void this.answer(message).then((reply) => this.post({ type: 'reply', id: message.id, reply }));
        return;
      case 'closed':
        this.closedWaiters.splice(0).forEach((resolve) => resolve());
        return;
      case 'refused':
        return console.warn(`Protodesk: the engine refused a message: ${message.message}`);
    }
  }

  private async answer(question: EngineQuestion): Promise<Reply> {
    try {
      switch (question.question) {
        case 'choosePaths':
          return { ok: true, value: await this.services.choosePaths(question.purpose) };
        case 'encrypt':
          return { ok: true, value: (await this.services.cipher.encrypt(question.text)).toString('base64') };
        case 'decrypt':
          return {
            ok: true,
            value: await this.services.cipher.decrypt(Buffer.from(question.base64, 'base64')),
          };
      }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private exited(reason: string): void {
    this.gone = reason;
    if (!this.ending) console.warn(`Protodesk: ${reason}.`);
    for (const resolve of this.pending.values()) resolve(this.stopped());
    this.pending.clear();
    this.closedWaiters.splice(0).forEach((resolve) => resolve());
  }

  private stopped(): string {
    const message = `The engine stopped (${this.gone ?? 'unknown'}). Restart Protodesk.`;
    const result: ApiResult<never> = { ok: false, failure: { kind: 'internal', message } };
    return JSON.stringify(result);
  }
}
