import type { DescMethod, DescService } from '@bufbuild/protobuf';
import { MethodOptionsSchema, ServiceOptionsSchema } from '@bufbuild/protobuf/wkt';
import { locationOf, printComment, printOptionsLong, type PrintContext } from './context';
import { qualified } from './field';
import { extractOptions } from './options';

/** Prints `rpc Name ( .pkg.In ) returns ( stream .pkg.Out );`, with a block when the method has options. */
export function printMethod(ctx: PrintContext, method: DescMethod, indent: number): void {
  printComment(ctx, locationOf(method), indent);
  const { w } = ctx;
  const input = `${method.proto.clientStreaming ? 'stream ' : ''}${qualified(method.input)}`;
  const output = `${method.proto.serverStreaming ? 'stream ' : ''}${qualified(method.output)}`;
  w.indent(indent);
  w.write(`rpc ${method.name} ( ${input} ) returns ( ${output} ) `);
  const options = extractOptions(MethodOptionsSchema, method.proto.options, method.parent.file, ctx.registry);
  if (options.length === 0) {
    w.write(';');
    w.endLine();
    return;
  }
  w.line('{');
  printOptionsLong(ctx, options, indent + 1);
  w.indent(indent);
  w.line('}');
}

/** Prints `service Name { ... }` with its options and its methods sorted by name, as grpcurl does. */
export function printService(ctx: PrintContext, service: DescService, indent: number): void {
  printComment(ctx, locationOf(service), indent);
  ctx.w.indent(indent);
  ctx.w.write(`service ${service.name} `);
  ctx.w.line('{');
  printOptionsLong(
    ctx,
    extractOptions(ServiceOptionsSchema, service.proto.options, service.file, ctx.registry),
    indent + 1,
  );
  const methods = [...service.methods].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const method of methods) printMethod(ctx, method, indent + 1);
  ctx.w.indent(indent);
  ctx.w.line('}');
}
