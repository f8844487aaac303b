/** Test data: schema sources as the engine lists them. */
import type { SourceState } from '../../../../src/shared/api/types';
import type { MethodInfo, MethodKind, ServiceInfo } from '../../../../src/shared/schema';

/** A method of `pkg.Service`. */
export function method(service: string, name: string, kind: MethodKind = 'unary', doc = ''): MethodInfo {
  return {
    name,
    fullName: `${service}.${name}`,
    path: `/${service}/${name}`,
    kind,
    inputType: 'grpc.testing.SimpleRequest',
    outputType: 'grpc.testing.SimpleResponse',
    doc,
  };
}

/** A service with methods named and kinded as given. */
export function service(fullName: string, methods: Array<[string, MethodKind]>): ServiceInfo {
  return {
    name: fullName.split('.').pop() ?? fullName,
    fullName,
    file: 'test.proto',
    doc: '',
    methods: methods.map(([name, kind]) => method(fullName, name, kind)),
  };
}

/** A loaded source. */
export function loaded(id: string, label: string, services: ServiceInfo[]): SourceState {
  return {
    id,
    label,
    source: { kind: 'protoFiles', files: [`/protos/${label}`], importPaths: [] },
    status: 'loaded',
    services,
    problems: [],
    loadedAt: '2026-11-20T00:00:00.000Z',
  };
}

/** grpc's interop TestService and the health service, as one .proto source. */
export function testSource(id = 's1'): SourceState {
  return loaded(id, 'test.proto', [
    service('grpc.testing.TestService', [
      ['EmptyCall', 'unary'],
      ['UnaryCall', 'unary'],
      ['StreamingOutputCall', 'server_stream'],
      ['StreamingInputCall', 'client_stream'],
      ['FullDuplexCall', 'bidi'],
    ]),
    service('grpc.health.v1.Health', [
      ['Check', 'unary'],
      ['Watch', 'server_stream'],
    ]),
  ]);
}

/** A source with `count` unary methods in one service (large sources start collapsed). */
export function largeSource(id: string, count: number): SourceState {
  const methods = Array.from({ length: count }, (_, i): [string, MethodKind] => [`Method${i}`, 'unary']);
  return loaded(id, 'big.proto', [service('big.v1.BigService', methods)]);
}
