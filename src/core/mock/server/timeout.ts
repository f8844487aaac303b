/** Request deadlines: gRPC's grpc-timeout and Connect's connect-timeout-ms, in milliseconds. */

const grpcUnits: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 0.001, n: 0.000_001 };

/** The grpc-timeout header (`100m`, `5S`: at most 8 digits and a unit) in ms; undefined when absent or malformed. */
export function grpcTimeoutMs(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^(\d{1,8})([HMSmun])$/.exec(header);
  return match ? Number(match[1]) * grpcUnits[match[2]!]! : undefined;
}

/** The connect-timeout-ms header (at most 10 digits) in ms; undefined when absent or malformed. */
export function connectTimeoutMs(header: string | string[] | undefined): number | undefined {
  if (typeof header !== 'string' || !/^\d{1,10}$/.test(header)) return undefined;
  return Number(header);
}
