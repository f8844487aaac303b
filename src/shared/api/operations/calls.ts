/** The `calls` domain: calls of a loaded source's methods, their streams, and their received messages. */
import { z } from 'zod';
import { operation } from '../operation';
import { maxMessagesRead, type StartedCall } from '../types';
import { callRequestSchema, idSchema, jsonTextSchema, textSchema } from '../validation';
import { callContextSchema } from '../workspace-validation';

const call = { callId: idSchema };

export const callsOperations = {
  /**
   * Starts a call with a loaded source's schema; its events arrive as `call` events with the returned id. With a
   * context, `{{variables}}` are filled from its environment first (an unresolved one fails, naming it), the TLS
   * profile applies, the call is recorded in history, and captures and assertions arrive as an `outcome` event.
   */
  start: operation<StartedCall>()({
    sourceId: idSchema,
    request: callRequestSchema,
    context: callContextSchema.optional(),
  }),
  /** Sends one more request on a client-streaming or bidi call. */
  send: operation<void>()({ ...call, json: jsonTextSchema }),
  /** Half-closes a client-streaming or bidi call. */
  end: operation<void>()(call),
  cancel: operation<void>()(call),
  /** Forgets a finished call (its saved messages too); cancels it first if it is still running. */
  release: operation<void>()(call),
  /** The page has applied event batch `seq` of a call: the engine may send the next one. */
  acknowledge: operation<void>()({ ...call, seq: z.number().int().nonnegative() }),
  /**
   * The JSON texts of received messages `from`, `from + 1`… (at most `count`, only those received so far): for rows
   * the page shows whose batch carried only their size and time.
   */
  messages: operation<{ json: string[] }>()({
    ...call,
    from: z.number().int().nonnegative(),
    count: z.number().int().positive().max(maxMessagesRead),
  }),
  /** Writes every message the call received (not only those shown) to a file as JSON Lines; answers the count. */
  saveMessages: operation<{ path: string; count: number }>()({ ...call, path: textSchema }),
} as const;
