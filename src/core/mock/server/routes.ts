import type { DescMethod, Registry } from '@bufbuild/protobuf';
import type { Schema } from '../../schema/schema';
import type { MockHandler } from '../handler';
import {
  builtinSchema,
  builtinServiceNames,
  health,
  reflectionV1,
  reflectionV1alpha,
} from './builtin-services';
import { DescriptorIndex } from './descriptor-index';
import { healthHandlers } from './health-service';
import { reflectionHandler } from './reflection-service';
import type { Route } from './route';

/** Every method a mock answers, by its HTTP path (`/pkg.Service/Method`), and the names of the services served. */
export interface RouteTable {
  routes: Map<string, Route>;
  /** The schema's services, then reflection and health. */
  services: string[];
  /** The schema's own services (what the handler answers). */
  schemaServices: string[];
}

/** The schema's methods go to `handler`; reflection and health are the server's own (they win a shared name). */
export function routeTable(schema: Schema, handler: MockHandler, stopping: AbortSignal): RouteTable {
  const builtin = builtinSchema();
  const schemaServices = schema
    .services()
    .map((service) => service.fullName)
    .filter((name) => !builtinServiceNames.includes(name));
  const services = [...schemaServices, ...builtinServiceNames];
  const routes = new Map<string, Route>();
  const add = (method: DescMethod, registry: Registry, answer: MockHandler): void => {
    routes.set(`/${method.parent.typeName}/${method.name}`, { method, registry, handler: answer });
  };
  for (const name of schemaServices) {
    for (const method of schema.registry.getService(name)!.methods) add(method, schema.registry, handler);
  }
  const reflect = reflectionHandler(new DescriptorIndex(schema, builtin, services));
  for (const name of [reflectionV1, reflectionV1alpha]) {
    add(builtin.registry.getService(name)!.methods[0]!, builtin.registry, reflect);
  }
  const healthService = builtin.registry.getService(health)!;
  const answers = healthHandlers(services, stopping);
  for (const method of healthService.methods) {
    add(
      method,
      builtin.registry,
      method.name === 'Watch' ? answers.watch : method.name === 'List' ? answers.list : answers.check,
    );
  }
  return { routes, services, schemaServices };
}

/** Why `path` is no method of this mock, naming what it does serve. */
export function unknownMethodMessage(path: string, table: RouteTable): string {
  const match = /^\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) {
    return `"${path}" is not a method path: gRPC, gRPC-Web and Connect call /package.Service/Method.`;
  }
  const [, service, method] = match;
  const methods = [...table.routes.keys()]
    .filter((key) => key.startsWith(`/${service}/`))
    .map((key) => key.slice(service!.length + 2));
  const lead = `Method ${service}/${method} is not served by this mock`;
  if (methods.length > 0) return `${lead}: ${service} has ${methods.join(', ')}.`;
  return (
    `${lead}: its schema has no service ${service} (it serves ${table.schemaServices.join(', ') || 'no services'}). ` +
    'Load the schema that defines it, or list what is served with reflection (grpcurl -plaintext ADDRESS list).'
  );
}
