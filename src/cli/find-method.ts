import type { DescMethod } from '@bufbuild/protobuf';
import type { Schema } from '../core/service/entry/call';
import { UsageError } from './usage-error';

/** The method the user named, or a usage error that lists what there is. */
export function findMethod(schema: Schema, name: string): DescMethod {
  const method = schema.method(name);
  if (method) return method;
  const match = /^\/?(.+)[/.]([^/.]+)$/.exec(name);
  if (!match) throw new UsageError(`"${name}" is not a method name: write package.Service/Method.`);
  const serviceName = match[1] ?? '';
  const service = schema.registry.getService(serviceName);
  if (!service) {
    const services = schema.services().map((s) => s.fullName);
    throw new UsageError(`There is no service "${serviceName}". Services: ${services.join(', ') || 'none'}.`);
  }
  throw new UsageError(
    `The service ${service.typeName} has no method "${match[2]}". Methods: ${service.methods.map((m) => m.name).join(', ')}.`,
  );
}
