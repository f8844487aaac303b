import {
  create,
  createFileRegistry,
  fromBinary,
  toBinary,
  type DescMessage,
  type FileRegistry,
} from '@bufbuild/protobuf';
import { beforeAll, describe, expect, test } from 'vitest';
import { decodeResponse, encodeRequest } from '../../../../src/core/schema/reflection/codec';
import { protoc } from '../../../helpers/protoc';

const bundled = new URL('../../../../src/core/schema/bundled/protos', import.meta.url).pathname;

describe('reflection codec, against protoc-compiled reflection.proto', () => {
  let registry: FileRegistry;
  const message = (name: string): DescMessage => {
    const desc = registry.getMessage(`grpc.reflection.v1.${name}`);
    if (!desc) throw new Error(`${name} missing`);
    return desc;
  };
  beforeAll(async () => {
    registry = createFileRegistry(await protoc(['grpc/reflection/v1/reflection.proto'], [bundled]));
  });

  test('requests decode as the intended oneof case', () => {
    // Generic messages are typed by name only; read the oneof through the field it is a member of.
    const decode = (bytes: Uint8Array): unknown =>
      (fromBinary(message('ServerReflectionRequest'), bytes) as unknown as { messageRequest: unknown })
        .messageRequest;
    expect(decode(encodeRequest({ kind: 'listServices' }))).toEqual({ case: 'listServices', value: '*' });
    expect(decode(encodeRequest({ kind: 'fileContainingSymbol', symbol: 'a.B' }))).toEqual({
      case: 'fileContainingSymbol',
      value: 'a.B',
    });
    expect(decode(encodeRequest({ kind: 'fileByFilename', filename: 'a/b.proto' }))).toEqual({
      case: 'fileByFilename',
      value: 'a/b.proto',
    });
  });

  test('responses: services, exact file bytes, errors; unknown fields are skipped', () => {
    const encode = (init: Record<string, unknown>): Uint8Array => {
      const schema = message('ServerReflectionResponse');
      return toBinary(schema, create(schema, init));
    };
    const original = { host: 'h', messageRequest: { case: 'listServices', value: '*' } };
    expect(
      decodeResponse(
        encode({
          validHost: 'h',
          originalRequest: original,
          messageResponse: {
            case: 'listServicesResponse',
            value: { service: [{ name: 'a.A' }, { name: 'b.B' }] },
          },
        }),
      ),
    ).toEqual({ kind: 'services', services: ['a.A', 'b.B'] });
    const files = [new Uint8Array([10, 3, 97, 46, 112]), new Uint8Array([])];
    expect(
      decodeResponse(
        encode({
          messageResponse: { case: 'fileDescriptorResponse', value: { fileDescriptorProto: files } },
        }),
      ),
    ).toEqual({ kind: 'files', files });
    expect(
      decodeResponse(
        encode({
          messageResponse: { case: 'errorResponse', value: { errorCode: 5, errorMessage: 'not found' } },
        }),
      ),
    ).toEqual({ kind: 'error', code: 5, message: 'not found' });
    expect(
      decodeResponse(
        encode({
          messageResponse: {
            case: 'allExtensionNumbersResponse',
            value: { baseTypeName: 'x', extensionNumber: [1] },
          },
        }),
      ),
    ).toEqual({ kind: 'other' });
  });
});
