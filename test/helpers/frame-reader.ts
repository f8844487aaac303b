import { FrameJoiner } from '../../src/shared/api/frame-pieces';
import { decodeServerFrame, type ServerFrame } from '../../src/shared/api/frames';

/** A page's reading of the API socket: each message in, a frame out once its pieces are all there (framePieces). */
export function frameReader(): (data: unknown) => ServerFrame | undefined {
  const joiner = new FrameJoiner();
  return (data) => {
    const text = joiner.take(String(data));
    return text === undefined ? undefined : decodeServerFrame(text);
  };
}
