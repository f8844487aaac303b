/**
 * The engine host: one EngineService, driven over a message port by Electron's main process. It answers each request
 * through the same dispatcher as every transport, sends each window's call events back tagged with its client, and asks
 * main for what only main has (the native dialogs, the OS keychain).
 */
import { z } from 'zod';
import { dispatch, EngineService } from '../../core/service';
import type { ServiceClient } from '../../core/service';
import type { SecretCipher } from '../../core/workspace/secrets';
import type { ApiResult, PathPurpose } from '../../shared/api/types';
import type { MessageLink } from '../engine-port/link';
import { parseToEngine } from '../engine-port/protocol';
import type { EngineQuestion, EngineStart, FromEngine, Reply, ToEngine } from '../engine-port/protocol';

const invalid = (message: string): ApiResult<never> => ({
  ok: false,
  failure: { kind: 'invalidRequest', message },
});

/** Serves the engine on `link` until main sends `close`; then answers `closed` once calls and temporary files are gone. */
export function serveEngine(link: MessageLink): void {
  const post = (message: FromEngine) => link.post(message);
  const clients = new Map<number, ServiceClient>();
  const questions = new Map<number, (reply: Reply) => void>();
  let service: EngineService | undefined;
  let closing = false;
  let nextQuestion = 0;

  /** Asks main; answers the value main sent, checked against `shape`. */
  async function ask<T>(question: EngineQuestion, shape: z.ZodType<T>): Promise<T> {
    const id = nextQuestion++;
    const reply = await new Promise<Reply>((resolve) => {
      questions.set(id, resolve);
      post({ type: 'ask', id, ...question });
    });
    if (!reply.ok) throw new Error(reply.message);
    const value = shape.safeParse(reply.value);
    if (!value.success)
      throw new Error(`The main process answered "${question.question}" with something unexpected.`);
    return value.data;
  }

  const cipher: SecretCipher = {
    encrypt: async (text) => Buffer.from(await ask({ question: 'encrypt', text }, z.base64()), 'base64'),
    decrypt: (data) => ask({ question: 'decrypt', base64: data.toString('base64') }, z.string()),
  };

  function start(options: EngineStart): void {
    service = new EngineService({
      transport: 'electron',
      version: options.version,
      choosePaths: (purpose: PathPurpose) => ask({ question: 'choosePaths', purpose }, z.array(z.string())),
      // The page is untrusted by design: it reads and writes only what the user chose in these dialogs, and the workspace.
      fileAccess: 'granted',
      dataDir: options.dataDir,
      secretCipher: cipher,
    });
  }

  async function request(message: Extract<ToEngine, { type: 'request' }>): Promise<ApiResult<unknown>> {
    const client = clients.get(message.client);
    if (!service || closing) return invalid('The engine is not running: restart Protodesk.');
    if (!client) return invalid(`There is no client ${message.client}: connect first.`);
    return dispatch(client.api, message.op, message.input);
  }

  function receive(message: ToEngine): void {
    switch (message.type) {
      case 'start':
        if (service) return post({ type: 'refused', message: 'The engine has already started.' });
        return start(message.start);
      case 'connect': {
        if (!service) return post({ type: 'refused', message: 'Start the engine before connecting to it.' });
        const { client } = message;
        void clients.get(client)?.close();
        clients.set(
          client,
          service.connect((event) => post({ type: 'event', client, event })),
        );
        return;
      }
      case 'disconnect':
        void clients.get(message.client)?.close();
        clients.delete(message.client);
        return;
      case 'request':
        void request(message).then((result) =>
          post({ type: 'answer', id: message.id, json: JSON.stringify(result) }),
        );
        return;
      case 'grantDropped':
        service?.grantDropped(message.paths);
        return;
      case 'reply':
        questions.get(message.id)?.(message.reply);
        questions.delete(message.id);
        return;
      case 'close':
        closing = true;
        void (service?.close() ?? Promise.resolve()).finally(() => post({ type: 'closed' }));
        return;
    }
  }

  link.onMessage((data) => {
    const parsed = parseToEngine(data);
    if (parsed.ok) return receive(parsed.message);
    // A request that can be answered is answered, so its caller does not wait forever.
    const id = (data as { id?: unknown } | null)?.id;
    if ((data as { type?: unknown } | null)?.type === 'request' && Number.isInteger(id)) {
      post({ type: 'answer', id: id as number, json: JSON.stringify(invalid(parsed.problem)) });
    } else {
      post({ type: 'refused', message: parsed.problem });
    }
  });
}
