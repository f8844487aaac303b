import { create } from '@bufbuild/protobuf';
import {
  MethodDescriptorProtoSchema,
  MethodOptionsSchema,
  ServiceDescriptorProtoSchema,
  ServiceOptionsSchema,
  type ServiceDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import type { ServiceAst } from './ast';
import { resolveMessage } from './field-types';
import { qualify, type LinkContext } from './linker-context';

/** Builds a service descriptor; request and response types must be messages. */
export function buildService(ctx: LinkContext, node: ServiceAst, path: number[]): ServiceDescriptorProto {
  const full = qualify(ctx.pkg, node.name);
  const service = create(ServiceDescriptorProtoSchema, { name: node.name });
  ctx.source.add(path, node.span, node.comments);
  node.methods.forEach((m, index) => {
    const methodFull = `${full}.${m.name}`;
    const method = create(MethodDescriptorProtoSchema, { name: m.name });
    const input = resolveMessage(ctx, m.inputType, m.inputTypeSpan, methodFull);
    const output = resolveMessage(ctx, m.outputType, m.outputTypeSpan, methodFull);
    if (input !== undefined) method.inputType = `.${input}`;
    if (output !== undefined) method.outputType = `.${output}`;
    // protoc writes the streaming flags only when true.
    if (m.clientStreaming) method.clientStreaming = true;
    if (m.serverStreaming) method.serverStreaming = true;
    service.method.push(method);
    ctx.source.add([...path, 2, index], m.span, m.comments);
    if (m.options.length > 0 || m.hasBody) {
      ctx.pending.push({ file: ctx.file, view: ctx.view, scope: methodFull, options: m.options, schema: MethodOptionsSchema, apply: (o) => (method.options = o as typeof method.options) });
    }
  });
  if (node.options.length > 0) {
    ctx.pending.push({ file: ctx.file, view: ctx.view, scope: full, options: node.options, schema: ServiceOptionsSchema, apply: (o) => (service.options = o as typeof service.options) });
  }
  return service;
}
