/** Ends `protodesk call` with an exit code whose message was already printed (64 + status code, or 2 for bad requests). */
export class CallExit extends Error {
  override name = 'CallExit';

  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}
