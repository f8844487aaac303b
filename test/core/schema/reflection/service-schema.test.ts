import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reflectSchema } from '../../../../src/core/schema/reflection/reflect';
import { loadServiceSchema } from '../../../../src/core/schema/reflection/service-schema';
import type { Schema } from '../../../../src/core/schema/schema';
import type { TlsSettings } from '../../../../src/shared/schema';
import { startGoReflect, type GoReflectServer } from '../../../peers/go-reflect/server';
import { startJsNest, type JsNestServer } from '../../../peers/js-nest/server';

const plaintext: TlsSettings = { mode: 'plaintext' };
const serviceNames = (schema: Schema): string[] =>
  schema
    .services()
    .map((s) => s.fullName)
    .sort();
const fileNames = (files: { name: string }[]): string[] => files.map((f) => f.name).sort();

describe('loadServiceSchema against grpc-go', () => {
  let server: GoReflectServer;
  let target: string;
  beforeAll(async () => {
    server = await startGoReflect();
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server.stop());

  test("the called service's file and its imports only, dependencies first", async () => {
    for (const method of ['grpc.testing.TestService/EmptyCall', 'grpc.testing.TestService.EmptyCall']) {
      const schema = await loadServiceSchema({ target, tls: plaintext }, method);
      expect(serviceNames(schema)).toContain('grpc.testing.TestService');
      expect(serviceNames(schema)).not.toContain('grpc.health.v1.Health');
      expect(schema.files.map((f) => f.name).at(-1)).toBe('grpc/testing/test.proto');
      expect(fileNames(schema.files)).toEqual([
        'grpc/testing/empty.proto',
        'grpc/testing/messages.proto',
        'grpc/testing/test.proto',
      ]);
      expect(schema.method('grpc.testing.TestService/UnaryCall')?.input.typeName).toBe(
        'grpc.testing.SimpleRequest',
      );
    }
  });

  test('a service the server does not know: every service, so the error can list them', async () => {
    const schema = await loadServiceSchema({ target, tls: plaintext }, 'no.such.Service/Method');
    const full = await reflectSchema({ target, tls: plaintext });
    expect(fileNames(schema.files)).toEqual(fileNames(full.files));
    expect(serviceNames(schema)).toEqual(expect.arrayContaining(full.services));
  });

  test('a name that is no method name: every service', async () => {
    const schema = await loadServiceSchema({ target, tls: plaintext }, 'EmptyCall');
    expect(serviceNames(schema)).toContain('grpc.health.v1.Health');
  });
});

// proto-loader's descriptors only fit together as a whole set, after repair: the narrow answer is not used.
describe('loadServiceSchema against a NestJS-style grpc-js server', () => {
  let server: JsNestServer;
  let target: string;
  beforeAll(async () => {
    server = await startJsNest();
    target = `127.0.0.1:${server.port}`;
  });
  afterAll(() => server.stop());

  test('the whole repaired set, as reflectSchema gives it', async () => {
    const schema = await loadServiceSchema(
      { target, tls: plaintext },
      'shop.orders.v1.OrderService/SubmitOrder',
    );
    const full = await reflectSchema({ target, tls: plaintext });
    expect(fileNames(schema.files)).toEqual(fileNames(full.files));
    expect(schema.method('shop.orders.v1.OrderService/SubmitOrder')).toBeDefined();
  });
});
