/** A pasted grpcurl command that cannot become a request; the message names the flag (or the shell syntax) and what to do. */
export class GrpcurlParseError extends Error {
  override name = 'GrpcurlParseError';
}
