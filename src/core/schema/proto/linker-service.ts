import { create } from '@bufbuild/protobuf';
import {
  FieldOptions_OptionTargetType as Target,
  MethodDescriptorProtoSchema,
  MethodOptionsSchema,
  ServiceDescriptorProtoSchema,
  ServiceOptionsSchema,
  type ServiceDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { ServiceAst } from './ast';
import { resolveMessage } from './field-types';
import { pendOptions, qualify, type LinkContext } from './linker-context';

/** Builds a service descriptor; request and response types must be messages. */
export function buildService(ctx: LinkContext, node: ServiceAst, path: number[]): ServiceDescriptorProto {
  const full = qualify(ctx.pkg, node.name);
  const service = create(ServiceDescriptorProtoSchema, { name: node.name });
  ctx.source.add(path, node.span, node.comments);
  ctx.records.spans.set(service, node.nameSpan);
  node.methods.forEach((m, index) => {
    const methodFull = `${full}.${m.name}`;
    const method = create(MethodDescriptorProtoSchema, { name: m.name });
    const input = resolveMessage(ctx, m.inputType, m.inputTypeSpan, methodFull, 'method input');
    const output = resolveMessage(ctx, m.outputType, m.outputTypeSpan, methodFull, 'method output');
    if (input !== undefined) method.inputType = `.${input}`;
    if (output !== undefined) method.outputType = `.${output}`;
    // protoc writes the streaming flags only when true.
    if (m.clientStreaming) method.clientStreaming = true;
    if (m.serverStreaming) method.serverStreaming = true;
    service.method.push(method);
    ctx.source.add([...path, 2, index], m.span, m.comments);
    ctx.records.spans.set(method, m.nameSpan);
    // protoc gives a method written with a `{ }` body an options message, even an empty one.
    if (m.hasBody) method.options = create(MethodOptionsSchema);
    pendOptions(ctx, method, Target.TARGET_TYPE_METHOD, methodFull, m.options, MethodOptionsSchema);
  });
  pendOptions(ctx, service, Target.TARGET_TYPE_SERVICE, full, node.options, ServiceOptionsSchema);
  return service;
}
