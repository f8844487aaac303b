import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDescriptorSet } from '../../../../src/core/load/export/descriptor-subset';
import type { LoadExportInput } from '../../../../src/core/load/export/export-input';
import { exportScenario } from '../../../../src/core/load/export/export-scenario';
import { locustfile } from '../../../../src/core/load/export/locust';
import { ghzCommand } from '../../../../src/core/load/export/ghz';
import { loadSchema } from '../../../../src/core/schema/load';
import type { Schema } from '../../../../src/core/schema/schema';
import type { SchemaSource } from '../../../../src/shared/schema';

const protos = new URL('../../../fixtures/protos/', import.meta.url).pathname;
const bundled = new URL('../../../../src/core/schema/bundled/protos/', import.meta.url).pathname;
const source: SchemaSource = {
  kind: 'protoFiles',
  files: ['json/kitchen.proto', 'grpc/testing/test.proto', 'protodesk/scalars.proto'],
  importPaths: [protos, bundled],
};

describe('what an export is made of', () => {
  let schema: Schema;
  beforeAll(async () => {
    schema = await loadSchema(source);
  });

  const input = (
    method: string,
    body: string,
    plan: Partial<LoadExportInput['plan']> = {},
  ): LoadExportInput => ({
    schema,
    source,
    request: {
      target: 'localhost:50051',
      tls: { mode: 'plaintext' },
      method,
      metadata: [],
      requests: [body],
    },
    plan: { model: { kind: 'closed', concurrency: 2, total: 10 }, ...plan },
  });

  it("embeds only the method's files, their imports and the files of the types an Any names", () => {
    const body = '{"wkt": {"any": {"@type": "type.googleapis.com/grpc.testing.SimpleRequest"}}}';
    const scenario = exportScenario(input('protodesk.test.json.KitchenService/Send', body));
    const set = fromBinary(FileDescriptorSetSchema, exportDescriptorSet(schema, scenario.method, [body]));
    const names = set.file.map((file) => file.name);
    expect(names).toContain('json/kitchen.proto');
    expect(names).toContain('google/protobuf/any.proto');
    expect(names).toContain('grpc/testing/messages.proto');
    expect(names).not.toContain('grpc/testing/test.proto');
    expect(names).not.toContain('protodesk/scalars.proto');
    // Imports before the files that import them, so a descriptor pool can add them in order.
    expect(names.indexOf('google/protobuf/any.proto')).toBeLessThan(names.indexOf('json/kitchen.proto'));
  });

  it('sends messagesPerStream messages per call of a client-streaming or bidi method, cycling the bodies', () => {
    const bidi = input('grpc.testing.TestService/FullDuplexCall', '{}', { messagesPerStream: 3 });
    bidi.request.requests = ['{"responseParameters": [{"size": 1}]}', '{}'];
    expect(exportScenario(bidi).iterations[0]?.messages).toEqual([
      ...bidi.request.requests,
      bidi.request.requests[0],
    ]);
    const unary = input('grpc.testing.TestService/UnaryCall', '{}', { messagesPerStream: 3 });
    expect(exportScenario(unary).iterations[0]?.messages).toEqual(['{}']);
  });

  it('refuses, with what to do, what it cannot export', () => {
    expect(thrown(() => exportScenario(input('grpc.testing.TestService/Nope', '{}')))).toMatchObject({
      message: 'The schema has no method grpc.testing.TestService/Nope.',
      hint: expect.stringContaining('Pick a method of the loaded schema'),
    });
    expect(() =>
      exportScenario(input('grpc.testing.TestService/UnaryCall', '{"responseSize": "many"}')),
    ).toThrow('responseSize');
    const withData = input('grpc.testing.TestService/UnaryCall', '{}', { dataFile: 'rows.csv' });
    expect(() => exportScenario(withData)).toThrow('The data file rows.csv has no rows to export.');
    const tooMany = { ...withData, rows: Array.from({ length: 1001 }, () => withData.request) };
    expect(thrown(() => exportScenario(tooMany))).toMatchObject({
      message: 'The data file rows.csv has 1001 rows; an export embeds at most 1000.',
      hint: expect.stringContaining('Export with a shorter data file'),
    });
    const elsewhere = { ...withData, rows: [{ ...withData.request, target: 'localhost:50052' }] };
    expect(() => exportScenario(elsewhere)).toThrow(
      'fills variables in the target, TLS settings, method or options',
    );
  });

  it('gives ghz no more connections than workers, which it refuses', () => {
    const closed = input('grpc.testing.TestService/UnaryCall', '{}', { connections: 4 });
    expect(ghzCommand(closed).command).toContain('-c 2 -n 10 --connections 2');
    const open = input('grpc.testing.TestService/UnaryCall', '{}', {
      model: { kind: 'open', rate: 10, durationMs: 1000 },
      connections: 4,
    });
    expect(ghzCommand(open).command).toContain('-c 4 -z 1000ms --rps 10 --connections 4');
  });

  it('refuses TLS settings Locust and ghz cannot express', () => {
    const anyCertificate = input('grpc.testing.TestService/UnaryCall', '{}');
    anyCertificate.request.tls = { mode: 'tls', insecure: true };
    expect(() => locustfile(anyCertificate)).toThrow('grpcio (and so Locust) cannot do');
    expect(ghzCommand(anyCertificate).command).toContain('--skipTLS');
    const twoCas = input('grpc.testing.TestService/UnaryCall', '{}');
    twoCas.request.tls = { mode: 'tls', caFiles: ['a.pem', 'b c.pem'] };
    expect(thrown(() => ghzCommand(twoCas))).toMatchObject({
      hint: expect.stringContaining("Join them into one file (cat a.pem 'b c.pem' > ca.pem)"),
    });
  });
});

/** What `run` threw (the test fails when it throws nothing). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
