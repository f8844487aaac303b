import type { DescMethod } from '@bufbuild/protobuf';
import type { CallRequest } from '../../../shared/call';
import { CallSetupError } from '../../call/errors';
import { methodNameParts } from '../../schema/method-name';
import type { Schema } from '../../schema/schema';

/**
 * A method the schema lacks, in the words of every front door (`protodesk call`, `protodesk load`, the app's Send and
 * Load test): what is wrong with the name, and the services or methods there are.
 */
export class MethodNotFoundError extends CallSetupError {
  constructor(message: string) {
    super(message);
    this.name = 'MethodNotFoundError';
  }
}

/** The method `name` (`package.Service/Method`, or with a dot before the method) names; else MethodNotFoundError. */
export function schemaMethod(schema: Schema, name: string): DescMethod {
  const method = schema.method(name);
  if (method) return method;
  const parts = methodNameParts(name);
  if (!parts) throw new MethodNotFoundError(`"${name}" is not a method name: write package.Service/Method.`);
  const service = schema.registry.getService(parts.service);
  if (!service) throw new MethodNotFoundError(unknownService(schema, parts.service));
  throw new MethodNotFoundError(
    `The service ${service.typeName} has no method "${parts.method}". Methods: ${service.methods.map((m) => m.name).join(', ')}.`,
  );
}

/** Why `name` names no service of the schema, listing those there are (`protodesk list` says it too). */
export function unknownService(schema: Pick<Schema, 'services'>, name: string): string {
  const services = schema.services().map((s) => s.fullName);
  return `There is no service "${name}". Services: ${services.join(', ') || 'none'}.`;
}

/**
 * A call request checked against its schema as every front door checks it before anything is sent: its method must
 * be there (else MethodNotFoundError); the request comes back naming it as `package.Service/Method`.
 */
export function prepareCall(
  schema: Schema,
  request: CallRequest,
): { request: CallRequest; method: DescMethod } {
  const method = schemaMethod(schema, request.method);
  return { request: { ...request, method: `${method.parent.typeName}/${method.name}` }, method };
}
