// `protodesk mock` as grpcurl sees it: services and methods by reflection, a unary call matched by metadata, a
// server stream, and an error whose typed details grpcurl prints, on the zoo fixture's stubs.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithGrpcurl } from '../helpers/grpcurl';
import { mockAddress } from '../helpers/mock-address';
import { protoRoot, startCli, type CliRun } from './call-harness';

const stubs = fileURLToPath(new URL('../fixtures/mock-stubs/zoo', import.meta.url));

describe('protodesk mock answers grpcurl', () => {
  let mock: CliRun;
  let address: string;

  beforeAll(async () => {
    mock = startCli([
      'mock',
      '--proto',
      join(protoRoot, 'zoo/v1/zoo.proto'),
      '-I',
      protoRoot,
      '--stubs',
      stubs,
    ]);
    await mock.until((r) => r.out.includes('\n'));
    address = mockAddress(mock.out);
  });

  afterAll(async () => {
    mock?.interrupt();
    await mock?.done;
  });

  it('names its address, protocols and the methods it serves on its first line', () => {
    expect(mock.out.split('\n')[0]).toMatch(/^Mock serving 4 methods of 1 service on 127\.0\.0\.1:\d+ \(/);
  });

  it('lists and describes its services by reflection', async () => {
    const list = await runWithGrpcurl(`grpcurl -plaintext ${address} list`);
    expect(list.stderr).toBe('');
    expect(list.stdout.split('\n')).toEqual(expect.arrayContaining(['zoo.v1.Zoo', 'grpc.health.v1.Health']));
    const describe = await runWithGrpcurl(`grpcurl -plaintext ${address} describe zoo.v1.Zoo.GetAnimal`);
    expect(describe.stdout).toContain(
      'rpc GetAnimal ( .zoo.v1.GetAnimalRequest ) returns ( .zoo.v1.Animal );',
    );
  });

  it('answers a unary call by the rule its body and metadata match', async () => {
    const call = await runWithGrpcurl(
      `grpcurl -plaintext -H 'x-tenant: a' -d '{"id": 7}' ${address} zoo.v1.Zoo/GetAnimal`,
    );
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout)).toEqual({ id: '7', name: 'Tiger 7 for a' });
  });

  it('plays a server stream', async () => {
    const call = await runWithGrpcurl(
      `grpcurl -plaintext -d '{"kind": "owl"}' ${address} zoo.v1.Zoo/ListAnimals`,
    );
    expect(call.stdout).toContain('"name": "a"');
    expect(call.stdout.indexOf('"name": "a"')).toBeLessThan(call.stdout.indexOf('"name": "b"'));
    expect(call.stdout.match(/"kind": "owl"/g)).toHaveLength(2);
  });

  it('sends a status with typed details grpcurl prints', async () => {
    const call = await runWithGrpcurl(`grpcurl -plaintext -d '{"id": 404}' ${address} zoo.v1.Zoo/GetAnimal`);
    expect(call.code).not.toBe(0);
    expect(call.stdout + call.stderr).toContain('NotFound');
    expect(call.stdout + call.stderr).toContain('no animal 404');
    expect(call.stdout + call.stderr).toContain('"@type": "type.googleapis.com/google.rpc.ResourceInfo"');
    expect(call.stdout + call.stderr).toContain('"resourceName": "404"');
  });

  it('reports itself SERVING to the health check', async () => {
    const call = await runWithGrpcurl(`grpcurl -plaintext ${address} grpc.health.v1.Health/Check`);
    expect(JSON.parse(call.stdout)).toEqual({ status: 'SERVING' });
  });
});
