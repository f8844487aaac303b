// What both auth peers answer once a call is let through, so a test reads the same from either.
import type { Principal } from './verify';

/** The number of StreamingOutputCall responses. */
export const streamedResponses = 3;

/** UnaryCall's SimpleResponse: who the call came from and with which scope. */
export function unaryAnswer(principal: Principal): { username: string; oauthScope: string } {
  return { username: principal.username, oauthScope: principal.scope };
}

/** StreamingOutputCall's responses: payloads of 1, 2 and 3 zero bytes, so a test can tell them apart. */
export function streamAnswers(): { payload: { body: Uint8Array } }[] {
  return Array.from({ length: streamedResponses }, (_, index) => ({
    payload: { body: new Uint8Array(index + 1) },
  }));
}
