/**
 * Splits `[target] [symbol]`: the target is needed only for reflection, so it may be absent.
 * Addresses always contain a colon (`host:port`, `unix:///path`); symbol names never do.
 */
export function splitTarget(args: (string | undefined)[]): { target?: string; symbol?: string } {
  const [first, second] = args;
  if (first !== undefined && first.includes(':'))
    return { target: first, ...(second ? { symbol: second } : {}) };
  return first ? { symbol: first } : {};
}
