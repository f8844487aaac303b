import type { DescFile, DescMethod, FileRegistry } from '@bufbuild/protobuf';
import type { MethodInfo, MethodKind, ServiceInfo } from '../../shared/schema';
import { docComment } from './docs';

const KINDS: Record<DescMethod['methodKind'], MethodKind> = {
  unary: 'unary',
  server_streaming: 'server_stream',
  client_streaming: 'client_stream',
  bidi_streaming: 'bidi',
};

/** A method's kind in the contract's words. */
export function methodKind(method: DescMethod): MethodKind {
  return KINDS[method.methodKind];
}

/** A method as the UI lists it. */
function methodInfo(method: DescMethod): MethodInfo {
  const service = method.parent.typeName;
  return {
    name: method.name,
    fullName: `${service}.${method.name}`,
    path: `/${service}/${method.name}`,
    kind: methodKind(method),
    inputType: method.input.typeName,
    outputType: method.output.typeName,
    doc: docComment(method),
  };
}

/** Services and their methods in declaration order, as the UI and `protodesk list` show them. */
export function serviceTree(registry: FileRegistry): ServiceInfo[] {
  return [...registry.files].flatMap(fileServices);
}

/** The services one file declares, in declaration order. */
export function fileServices(file: DescFile): ServiceInfo[] {
  return file.services.map((service) => ({
    name: service.name,
    fullName: service.typeName,
    file: file.proto.name,
    doc: docComment(service),
    methods: service.methods.map(methodInfo),
  }));
}
