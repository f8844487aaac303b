import { status as code } from '@grpc/grpc-js';
import type { OutgoingHttpHeaders } from 'node:http';
import type { MockProtocol } from '../../../shared/mock';
import { ConnectStreamCall, ConnectUnaryCall, type ConnectCodec } from './connect-call';
import type { Exchange } from './exchange';
import { GrpcCall, GrpcWebCall } from './grpc-call';
import type { CallHost, Route } from './route';
import type { ServerCall } from './server-call';
import { connectTimeoutMs, grpcTimeoutMs } from './timeout';

/** What the dispatcher needs from the server. */
export interface DispatchHost extends CallHost {
  readonly routes: ReadonlyMap<string, Route>;
  /** close() has begun: new calls are turned away. */
  readonly stopping: boolean;
  /** Why a path is no method of this mock, and what to do. */
  unknownMethod(path: string): string;
  /** A call has started: close() waits for it. */
  callStarted(call: ServerCall): void;
}

/** The protocol an exchange speaks, from its content type (and, for Connect GET, its query). */
type Wire =
  | { protocol: 'grpc' | 'grpc-web' | 'grpc-web-text' }
  | { protocol: 'connect'; streaming: boolean; codec: ConnectCodec };

const wires: Record<string, Wire> = {
  'application/grpc': { protocol: 'grpc' },
  'application/grpc+proto': { protocol: 'grpc' },
  'application/grpc-web': { protocol: 'grpc-web' },
  'application/grpc-web+proto': { protocol: 'grpc-web' },
  'application/grpc-web-text': { protocol: 'grpc-web-text' },
  'application/grpc-web-text+proto': { protocol: 'grpc-web-text' },
  'application/connect+proto': { protocol: 'connect', streaming: true, codec: 'proto' },
  'application/connect+json': { protocol: 'connect', streaming: true, codec: 'json' },
  'application/proto': { protocol: 'connect', streaming: false, codec: 'proto' },
  'application/json': { protocol: 'connect', streaming: false, codec: 'json' },
};

const served = Object.keys(wires).join(', ');

function wireOf(exchange: Exchange): Wire | undefined {
  if (exchange.method === 'GET') {
    const encoding = new URLSearchParams(exchange.query).get('encoding');
    return encoding === 'proto' || encoding === 'json'
      ? { protocol: 'connect', streaming: false, codec: encoding }
      : undefined;
  }
  const type = exchange.headers['content-type'];
  if (type === undefined) return undefined;
  const semicolon = type.indexOf(';');
  return wires[(semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase()];
}

/** Hands one exchange to its protocol's call, or answers it when no call can serve it. */
export function dispatch(exchange: Exchange, host: DispatchHost): void {
  const origin = exchange.headers.origin;
  if (origin !== undefined) exchange.addHeaders(corsHeaders(origin));
  if (exchange.method === 'OPTIONS') return preflight(exchange);
  const wire = wireOf(exchange);
  if (!wire) return unsupported(exchange);
  if (wire.protocol === 'grpc' && exchange.httpVersion === '1.1') return grpcNeedsHttp2(exchange);
  const route = host.routes.get(exchange.path);
  const call = newCall(wire, exchange, route, host);
  if (!route) return call.reject({ code: code.UNIMPLEMENTED, message: host.unknownMethod(exchange.path) });
  if (wire.protocol === 'connect' && wire.streaming === (route.method.methodKind === 'unary')) {
    return connectShapeMismatch(exchange, route, wire.streaming);
  }
  if (host.stopping) {
    return call.reject({
      code: code.UNAVAILABLE,
      message: 'The mock server is stopping: it takes no new calls.',
    });
  }
  host.callStarted(call);
  const headers = exchange.headers;
  call.start(
    wire.protocol === 'connect'
      ? connectTimeoutMs(headers['connect-timeout-ms'])
      : grpcTimeoutMs(headers['grpc-timeout']),
  );
}

function newCall(wire: Wire, exchange: Exchange, route: Route | undefined, host: CallHost): ServerCall {
  const protocol: MockProtocol = wire.protocol;
  if (wire.protocol === 'grpc') return new GrpcCall(exchange, route, host, protocol);
  if (wire.protocol !== 'connect') return new GrpcWebCall(exchange, route, host, protocol);
  return wire.streaming
    ? new ConnectStreamCall(wire.codec, exchange, route, host, protocol)
    : new ConnectUnaryCall(wire.codec, exchange, route, host, protocol);
}

function answerText(
  exchange: Exchange,
  status: number,
  text: string,
  headers: OutgoingHttpHeaders = {},
): void {
  exchange.body.resume();
  headers['content-type'] = 'text/plain; charset=utf-8';
  exchange.respondWhole(status, headers, `${text}\n`);
}

function unsupported(exchange: Exchange): void {
  const type = exchange.headers['content-type'];
  answerText(
    exchange,
    415,
    `This is a Protodesk mock server: it answers gRPC, gRPC-Web and Connect requests, not ` +
      `${type === undefined ? `a ${exchange.method} without a content type` : `content type ${type}`}. ` +
      `Send one of ${served} (Connect GET: ?encoding=proto|json&message=...).`,
  );
}

function grpcNeedsHttp2(exchange: Exchange): void {
  const message =
    'gRPC needs HTTP/2, and this request came over HTTP/1.1: use an HTTP/2 client (h2c or TLS with ALPN h2), ' +
    'or gRPC-Web or Connect, which this port also serves over HTTP/1.1.';
  answerText(exchange, 415, message, { 'grpc-status': String(code.UNIMPLEMENTED), 'grpc-message': message });
}

function connectShapeMismatch(exchange: Exchange, route: Route, streaming: boolean): void {
  const name = `${route.method.parent.typeName}/${route.method.name}`;
  answerText(
    exchange,
    415,
    streaming
      ? `${name} is a unary method: send it with Connect's unary content types (application/proto or application/json).`
      : `${name} is a ${route.method.methodKind.replace('_', ' ')} method: send it with application/connect+proto or application/connect+json.`,
  );
}

/** Lets a web page on any origin call the mock, and read gRPC's and Connect's own headers. */
function corsHeaders(origin: string | string[]): OutgoingHttpHeaders {
  return {
    'access-control-allow-origin': Array.isArray(origin) ? origin[0] : origin,
    'access-control-expose-headers':
      'grpc-status, grpc-message, grpc-status-details-bin, connect-protocol-version, *',
    vary: 'Origin',
  };
}

function preflight(exchange: Exchange): void {
  exchange.body.resume();
  const asked = exchange.headers['access-control-request-headers'];
  exchange.respondWhole(204, {
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': typeof asked === 'string' ? asked : '*',
    'access-control-max-age': '7200',
  });
}
