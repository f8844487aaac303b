import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallRequest } from '../../../../src/shared/call';
import type { LoadPlan, LoadReport, LoadSnapshot } from '../../../../src/shared/load';
import { startLoad, type LoadInput } from '../../../../src/core/load/run/start-load';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';
import { pyProtoRoot, pySchemaFiles } from '../../../peers/py-grpc/schemas';

const protos = join(import.meta.dirname, '../../../fixtures/protos');

/** grpc-go's interop TestService schema (the go-reflect peer serves it). */
export function testServiceSchema(): Promise<Schema> {
  return loadSchema({
    kind: 'protoFiles',
    files: [join(protos, 'grpc/testing/test.proto')],
    importPaths: [protos],
  });
}

/** The Python peer's pyservice schema (MovieService, KitchenService). */
export function pyServiceSchema(): Promise<Schema> {
  return loadSchema({
    kind: 'protoFiles',
    files: pySchemaFiles.pyservice.map((file) => join(pyProtoRoot, file)),
    importPaths: [pyProtoRoot],
  });
}

/** A plaintext request to 127.0.0.1:port. */
export function request(
  port: number,
  method: string,
  json = '{}',
  extra: Partial<CallRequest> = {},
): CallRequest {
  return {
    target: `127.0.0.1:${port}`,
    tls: { mode: 'plaintext' },
    method,
    metadata: [],
    requests: [json],
    ...extra,
  };
}

/** Runs a load test to its end, collecting every snapshot. */
export async function runLoad(
  schema: Schema,
  call: CallRequest,
  plan: LoadPlan,
  values: ReadonlyMap<string, string> = new Map(),
  snapshots: LoadSnapshot[] = [],
  onSnapshot: (snapshot: LoadSnapshot) => void = () => undefined,
): Promise<{ report: LoadReport; snapshots: LoadSnapshot[] }> {
  const input: LoadInput = { schema, request: call, values };
  const run = await startLoad(input, plan, (snapshot) => {
    snapshots.push(snapshot);
    onSnapshot(snapshot);
  });
  return { report: await run.done, snapshots };
}

/** Writes a data file in a fresh temporary folder; answers its path. */
export async function dataFile(name: string, text: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'protodesk-load-'));
  const path = join(folder, name);
  await writeFile(path, text);
  return path;
}

/** This process's threads (worker threads among them). */
export function threadCount(): number {
  return readdirSync('/proc/self/task').length;
}

/** Established TCP connections to the server's port, from /proc/net/tcp (client side: the remote port is the server's). */
export async function connectionsTo(port: number): Promise<number> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return table
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, , remote, state] = line.trim().split(/\s+/);
      return remote?.endsWith(`:${hexPort}`) && state === '01';
    }).length;
}
