/** Ends a web call with this status: the response cannot be read on (too large, cut short, not the protocol). */
export class WebStatusError extends Error {
  constructor(
    readonly code: number,
    readonly details: string,
    /** Set when the response failed at the HTTP level. */
    readonly httpStatus?: number,
  ) {
    super(details);
  }
}
