/**
 * The messages between Electron's main process and the engine host (src/main/engine-host), both ways over one port.
 * Main forwards the page's operations and answers the few questions only it can (dialogs, the OS keychain); the engine
 * answers operations and pushes events. Each side checks what arrives: the port is a trust boundary like IPC.
 */
import { z } from 'zod';
import { pathPurposeSchema } from '../../shared/api/validation';
import type { ApiEvent, PathPurpose } from '../../shared/api/types';

const id = z.number().int().nonnegative();

/** What the engine needs from main before it starts: values only main can read. */
const engineStartSchema = z.object({ version: z.string(), dataDir: z.string().min(1) });
export type EngineStart = z.infer<typeof engineStartSchema>;

/** Main's answer to an engine's question: the value, or why there is none (e.g. no keychain). */
const replySchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type Reply = z.infer<typeof replySchema>;

/** Main → engine. `client` is one window's connection: its calls' events go back to it, closing it ends them. */
const toEngineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), start: engineStartSchema }),
  z.object({ type: z.literal('connect'), client: id }),
  z.object({ type: z.literal('disconnect'), client: id }),
  // `input` (the operation's named fields) is checked by the engine's dispatcher, as for every transport; an operation
  // without fields may have none (JSON drops an undefined key), which the dispatcher reads as {}.
  z.object({
    type: z.literal('request'),
    id,
    client: id,
    op: z.string().max(100),
    input: z.unknown().optional(),
  }),
  z.object({ type: z.literal('grantDropped'), paths: z.array(z.string()) }),
  z.object({ type: z.literal('reply'), id, reply: replySchema }),
  z.object({ type: z.literal('close') }),
]);
export type ToEngine = z.infer<typeof toEngineSchema>;

/**
 * A question only main can answer; the engine waits for its `reply`. Encrypted bytes travel as base64 both ways, so
 * every message is plain JSON (a forked process's channel carries JSON only).
 */
export type EngineQuestion =
  | { question: 'choosePaths'; purpose: PathPurpose }
  | { question: 'encrypt'; text: string }
  | { question: 'decrypt'; base64: string };

const questionSchema = z.discriminatedUnion('question', [
  z.object({ question: z.literal('choosePaths'), purpose: pathPurposeSchema }),
  z.object({ question: z.literal('encrypt'), text: z.string() }),
  z.object({ question: z.literal('decrypt'), base64: z.base64() }),
]);

/**
 * Engine → main. An answer is the ApiResult as JSON text, which main hands to the page without reading: a big one
 * (googleapis' schema is 7.7 MB) would otherwise hold up main while it is parsed and copied again.
 */
export type FromEngine =
  | { type: 'answer'; id: number; json: string }
  | { type: 'event'; client: number; event: ApiEvent }
  | ({ type: 'ask'; id: number } & EngineQuestion)
  | { type: 'closed' }
  /** A message the engine could not read, and why. */
  | { type: 'refused'; message: string };

// Answers and events are the engine's own dispatcher output, forwarded to the page as they are (as over IPC before).
const fromEngineSchema = z.union([
  z.object({ type: z.literal('answer'), id, json: z.string() }),
  z.object({ type: z.literal('event'), client: id, event: z.object({ type: z.string() }).passthrough() }),
  z.intersection(z.object({ type: z.literal('ask'), id }), questionSchema),
  z.object({ type: z.literal('closed') }),
  z.object({ type: z.literal('refused'), message: z.string() }),
]);

/** The message, or why it is not one (the first problem found, in words). */
type Parsed<T> = { ok: true; message: T } | { ok: false; problem: string };

function parser<T>(schema: z.ZodType, side: string): (data: unknown) => Parsed<T> {
  return (data) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) return { ok: true, message: parsed.data as T };
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.map(String).join('.')})` : '';
    return { ok: false, problem: `Not a message for ${side}${where}: ${issue?.message ?? 'invalid'}.` };
  };
}

export const parseToEngine = parser<ToEngine>(toEngineSchema, 'the engine');
export const parseFromEngine = parser<FromEngine>(fromEngineSchema, 'the main process');
