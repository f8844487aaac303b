/** The `host:port` that `protodesk mock`'s first line names ("Mock serving … on 127.0.0.1:50123 (…)"). */
export function mockAddress(firstLine: string): string {
  const address = / on (\S+:\d+)/.exec(firstLine)?.[1];
  if (!address) throw new Error(`The mock's first line names no address: ${firstLine}`);
  return address;
}
