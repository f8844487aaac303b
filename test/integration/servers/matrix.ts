import { fromJson, toBinary, type DescFile, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { afterAll, describe, expect, test } from 'vitest';
import { callAndCollect } from '../../helpers/collect-call';
import { CallEngine } from '../../../src/core/call/engine';
import { describeSymbol } from '../../../src/core/schema/describe';
import { loadSchema } from '../../../src/core/schema/load';
import { methodKind } from '../../../src/core/schema/method-tree';
import { Schema } from '../../../src/core/schema/schema';
import { methodTemplate } from '../../../src/core/service/method-template';
import type { TlsSettings } from '../../../src/shared/schema';
import { cli } from '../../cli/call-harness';
import { protoc } from '../../helpers/protoc';
import { rawCall } from '../../helpers/raw-calls';

/** How the server's own language prints and parses JSON (json_format, JsonFormat, ...). */
export interface JsonOracle {
  /** Its name in test titles, e.g. "Python json_format". */
  name: string;
  print: (typeName: string, messages: Uint8Array[], options: PrintOptions) => Promise<JsonValue[]>;
  /** Its parser, when the harness has one: the bytes the reference call sends. */
  parse?: (typeName: string, json: JsonValue) => Promise<Uint8Array>;
}

export interface PrintOptions {
  emitDefaults?: boolean;
  protoNames?: boolean;
}

/** One call of the matrix: a method, its request(s), and how to print the responses. */
export interface MatrixCall {
  method: string;
  requests: JsonValue[];
  options?: PrintOptions;
  /** What the test title says about it. */
  what: string;
}

/** Where a started server listens, and how to reach it. */
export interface RunningServer {
  target: string;
  tls: TlsSettings;
  /** The same TLS as `protodesk call` flags. */
  cliFlags: string[];
}

/** What the matrix checks on one foreign server. */
export interface MatrixServer {
  /** The .proto files the server was built from: protoc's descriptors of them are what reflection must equal. */
  protos: { files: string[]; importPaths: string[] };
  /** Services its own code registers (reflection and health may come on top). */
  services: string[];
  oracle: JsonOracle;
  calls: MatrixCall[];
  /** Messages whose .proto here is older than what the server was built from, and why: left out of describe and samples. */
  skew?: { symbols: string[]; reason: string };
}

/**
 * Registers the matrix for one server: reflect → list → describe → sample request → calls of every kind through the
 * engine and through `protodesk call`, each response compared with what the server language's own printer makes of
 * the same bytes. `running` is read when the tests run (the server is started in a beforeAll).
 */
export function serverMatrix(matrix: MatrixServer, running: () => RunningServer): void {
  let reflected: Schema | undefined;
  let reference: Schema | undefined;
  const schemas = async (): Promise<{ reflected: Schema; reference: Schema }> => {
    const { target, tls } = running();
    reflected ??= await loadSchema({ kind: 'reflection', target, tls });
    reference ??= new Schema((await protoc(matrix.protos.files, matrix.protos.importPaths)).file);
    return { reflected, reference };
  };

  describe('schema by reflection', () => {
    test('list: every service of the server', async () => {
      const { reflected } = await schemas();
      const names = reflected.services().map((s) => s.fullName);
      expect(names).toEqual(expect.arrayContaining(matrix.services));
    });

    test("describe: every message, enum and service prints as protoc's descriptors of its .proto files do", async () => {
      const { reflected, reference } = await schemas();
      const skewed = matrix.skew?.symbols ?? [];
      const symbols = userSymbols(reference, matrix.services).filter((symbol) => !skewed.includes(symbol));
      expect(symbols.length).toBeGreaterThan(0);
      for (const symbol of symbols) {
        expect(describeSymbol(reflected.registry, symbol), symbol).toBe(
          describeSymbol(reference.registry, symbol),
        );
      }
    });

    test("sample request and JSON Schema of every method equal protoc's, keys being JSON names", async () => {
      const { reflected, reference } = await schemas();
      const skewed = matrix.skew?.symbols ?? [];
      for (const info of reference.services().flatMap((s) => s.methods)) {
        if (!matrix.services.includes(info.fullName.slice(0, info.fullName.lastIndexOf('.')))) continue;
        if (reachesAny(reference.message(info.inputType), skewed)) continue;
        const method = `${info.fullName.slice(0, info.fullName.lastIndexOf('.'))}/${info.name}`;
        const mine = methodTemplate(reflected, method);
        expect(mine.sample, method).toBe(methodTemplate(reference, method).sample);
        expect(mine.fullSample, method).toBe(methodTemplate(reference, method).fullSample);
        expect(mine.jsonSchema, method).toEqual(methodTemplate(reference, method).jsonSchema);
        expect(mine.fullSample).not.toMatch(/"":/);
      }
    });
  });

  describe('calls through the engine and `protodesk call`', () => {
    const engine = new CallEngine();
    afterAll(() => engine.close());

    test.each(matrix.calls)(`$method ($what): what ${matrix.oracle.name} prints`, async (call) => {
      const s = running();
      const { reflected } = await schemas();
      const desc = reflected.method(call.method);
      if (!desc) throw new Error(`${call.method} is not in the reflected schema`);
      const requests = await Promise.all(
        call.requests.map((json) => referenceBytes(matrix.oracle, reflected, desc.input.typeName, json)),
      );
      const path = `/${desc.parent.typeName}/${desc.name}`;
      const responses = await rawCall(s.target, s.tls, path, methodKind(desc), requests);
      const expected = await matrix.oracle.print(desc.output.typeName, responses, call.options ?? {});
      expect(expected.length, 'the reference call got no response').toBeGreaterThan(0);

      const viaEngine = await callAndCollect(engine, reflected, {
        target: s.target,
        tls: s.tls,
        method: call.method,
        metadata: [],
        requests: call.requests.map((json) => JSON.stringify(json)),
        options: {
          emitDefaults: call.options?.emitDefaults ?? false,
          protoFieldNames: call.options?.protoNames ?? false,
        },
      });
      expect(viaEngine.status).toMatchObject({ name: 'OK' });
      expect(
        viaEngine.messages.map((m) => JSON.parse(m) as JsonValue),
        'engine',
      ).toEqual(expected);

      const flags = [
        ...(call.options?.emitDefaults ? ['--emit-defaults'] : []),
        ...(call.options?.protoNames ? ['--proto-names'] : []),
      ];
      const data = call.requests.map((json) => JSON.stringify(json)).join('\n');
      const viaCli = await cli([
        'call',
        s.target,
        call.method,
        ...s.cliFlags,
        ...flags,
        '--format',
        'jsonl',
        '-d',
        data,
      ]);
      expect(viaCli.err).toBe('');
      expect(viaCli.code).toBe(0);
      const lines = viaCli.out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as JsonValue);
      expect(lines, 'protodesk call').toEqual(expected);
    });
  });
}

/** The request bytes of the reference call: the server language's parser when there is one, else the library's. */
async function referenceBytes(
  oracle: JsonOracle,
  schema: Schema,
  typeName: string,
  json: JsonValue,
): Promise<Uint8Array> {
  if (oracle.parse) return oracle.parse(typeName, json);
  const desc = schema.message(typeName);
  if (!desc) throw new Error(`no message ${typeName}`);
  // @bufbuild/protobuf's own parser, independent of the engine's request checks.
  return toBinary(desc, fromJson(desc, json, { registry: schema.registry }));
}

/** Whether a message of type `desc` can hold one of the `typeNames`, at any depth. */
function reachesAny(desc: DescMessage | undefined, typeNames: string[]): boolean {
  const seen = new Set<DescMessage>();
  const visit = (d: DescMessage): boolean => {
    if (seen.has(d)) return false;
    seen.add(d);
    return (
      typeNames.includes(d.typeName) || d.fields.some((f) => f.message !== undefined && visit(f.message))
    );
  };
  return desc !== undefined && visit(desc);
}

/** The messages, enums and services declared in the files that hold `services`, and in the files those import. */
function userSymbols(schema: Schema, services: string[]): string[] {
  const reached = new Set<string>();
  const visit = (file: DescFile): void => {
    if (reached.has(file.name)) return;
    reached.add(file.name);
    file.dependencies.forEach(visit);
  };
  for (const file of schema.registry.files)
    if (file.services.some((s) => services.includes(s.typeName))) visit(file);
  const out: string[] = [];
  for (const file of schema.registry.files) {
    if (!reached.has(file.name) || file.name.startsWith('google/protobuf/')) continue;
    for (const service of file.services) if (services.includes(service.typeName)) out.push(service.typeName);
    const messages = (list: DescMessage[]): void => {
      for (const message of list) {
        if (message.proto.options?.mapEntry) continue;
        out.push(message.typeName, ...message.nestedEnums.map((e) => e.typeName));
        messages(message.nestedMessages);
      }
    };
    messages(file.messages);
    out.push(...file.enums.map((e) => e.typeName));
  }
  return out;
}
