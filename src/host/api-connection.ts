import { WebSocket, type RawData } from 'ws';
import { dispatch } from '../core/service/dispatch';
import type { EngineService } from '../core/service';
import { encodeServerFrame, type ServerFrame } from '../shared/api/frames';
import { framePieces } from './frame-pieces';

/** A request frame as far as it could be read: its id, and the operation or why there is none. */
type ReadFrame = { id: number; op: string; input: unknown } | { id: number; problem: string };

/**
 * Carries the contract over one WebSocket: request frames in, result frames (same id) out, and the events of the calls
 * this connection started. When the connection closes, its calls are cancelled and released.
 */
export function serveApiConnection(socket: WebSocket, service: EngineService): void {
  const send = (frame: ServerFrame): void => {
    if (socket.readyState !== WebSocket.OPEN) return;
    // Pieces are text messages even when they are bytes (already UTF-8).
    for (const piece of framePieces(encodeServerFrame(frame))) socket.send(piece, { binary: false });
  };
  const client = service.connect((event) => send({ kind: 'event', event }));
  socket.on('message', (data: RawData, isBinary: boolean) => {
    // Frames are text; binary or unreadable ones carry no id to answer.
    const frame = isBinary ? undefined : readFrame(String(data));
    if (!frame) return;
    if ('problem' in frame) {
      send({
        kind: 'result',
        id: frame.id,
        result: { ok: false, failure: { kind: 'invalidRequest', message: frame.problem } },
      });
      return;
    }
    void dispatch(client.api, frame.op, frame.input).then((result) =>
      send({ kind: 'result', id: frame.id, result }),
    );
  });
  socket.on('close', () => void client.close());
  // A broken connection closes; there is nobody to tell.
  socket.on('error', () => undefined);
}

/** Reads a request frame; undefined when not even an id can be found. */
function readFrame(text: string): ReadFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, op, input } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  if (typeof op !== 'string') return { id, problem: 'The request has no operation name ("op").' };
  return { id, op, input };
}
