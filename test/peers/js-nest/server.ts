import {
  loadPackageDefinition,
  Server,
  type GrpcObject,
  type ServiceClientConstructor,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import {
  loadFileDescriptorSetFromBuffer,
  loadSync,
  type Options,
  type PackageDefinition,
} from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { fileURLToPath } from 'node:url';
import { listenInsecure, type PeerServer } from '../grpc-js-server';
import { catalogService } from './catalog';
import { messageShape, type MessageShape } from './message-shape';
import { orderService } from './orders';

/** The import root of the shop's protos. */
export const nestProtoRoot = fileURLToPath(new URL('../../fixtures/protos/nest/', import.meta.url));

/** The files a NestJS app would name in `protoPath`. */
export const nestProtoFiles = ['shop/orders/v1/order_service.proto', 'shop/catalog/v1/catalog.proto'];

/** The `loader` options NestJS apps commonly pass (the NestJS docs' example plus keepCase). */
export const nestLoaderDefaults: Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

export interface JsNestOptions {
  /** proto-loader options, over nestLoaderDefaults; the handlers rely on longs and enums as String. */
  loaderOptions?: Options;
  /** `protoPath`: files under nestProtoRoot; default nestProtoFiles. */
  protoFiles?: string[];
  /** NestJS's `packageDefinition` option instead of `protoPath`: proto-loader's definition of this descriptor set. */
  descriptorSet?: Uint8Array;
}

/** A running grpc-js peer on 127.0.0.1. */
export type JsNestServer = PeerServer;

/** The handlers this peer has, by full service name; other services are served without handlers (UNIMPLEMENTED). */
const implementations: Record<string, (shape: MessageShape) => UntypedServiceImplementation> = {
  'shop.orders.v1.OrderService': orderService,
  'shop.catalog.v1.CatalogService': catalogService,
};

/**
 * Starts a grpc-js server wired the way NestJS's ServerGrpc wires one: proto-loader's package definition (from
 * `protoPath` with the `loader` options, or a given `packageDefinition`), `onLoadPackageDefinition` adding
 * @grpc/reflection's ReflectionService over that definition, then every service of loadPackageDefinition's object.
 */
export async function startJsNest(options: JsNestOptions = {}): Promise<JsNestServer> {
  const loader: Options = { ...nestLoaderDefaults, ...options.loaderOptions };
  const server = new Server();
  const definition = packageDefinition(options, loader);
  // What a NestJS app writes in onLoadPackageDefinition(pkg, server) to offer reflection.
  new ReflectionService(definition).addToServer(server);
  const shape = messageShape(loader.keepCase, options.descriptorSet !== undefined);
  for (const [serviceName, service] of services(loadPackageDefinition(definition))) {
    server.addService(service.service, implementations[serviceName]?.(shape) ?? {});
  }
  return listenInsecure(server);
}

/** NestJS's getGrpcPackageDefinition: the given definition, or proto-loader's loadSync of protoPath with the loader options. */
function packageDefinition(options: JsNestOptions, loader: Options): PackageDefinition {
  if (options.descriptorSet)
    return loadFileDescriptorSetFromBuffer(Buffer.from(options.descriptorSet), loader);
  return loadSync(options.protoFiles ?? nestProtoFiles, { ...loader, includeDirs: [nestProtoRoot] });
}

/** NestJS's collectDeepServices: every service constructor in the loaded object, by full name. */
function services(grpcObject: GrpcObject, prefix = ''): [string, ServiceClientConstructor][] {
  return Object.entries(grpcObject).flatMap(([key, value]): [string, ServiceClientConstructor][] => {
    const fullName = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function' && 'service' in value) return [[fullName, value]];
    // Message and enum definitions carry `format`; anything else is a namespace.
    if (typeof value === 'object' && !('format' in value)) return services(value, fullName);
    return [];
  });
}
