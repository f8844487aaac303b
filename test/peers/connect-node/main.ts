// The connect-node peer as its own process, so a benchmark or test client never shares its event loop: serves
// grpc.testing.TestService over Connect, gRPC and gRPC-Web on 127.0.0.1, prints its port, then serves until its stdin
// closes (so it never outlives the process that started it) or it gets SIGTERM.
// Arguments: <http: 1.1 | h2c | h2> <fixture proto root> [<cert PEM> <key PEM>, for h2: TLS, ALPN h2 and http/1.1]
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createSecureServer, createServer as createH2cServer, type Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { interopRegistry } from '../../helpers/interop-registry';
import { testServiceRoutes } from './test-service';

const [http, protoRoot, cert, key] = process.argv.slice(2);
if (!protoRoot || (http !== '1.1' && http !== 'h2c' && http !== 'h2') || (http === 'h2' && !(cert && key))) {
  process.stderr.write(
    'usage: connect-node-peer <1.1 | h2c | h2> <fixture proto root> [<cert PEM> <key PEM> for h2]\n',
  );
  process.exit(2);
}

const handler = connectNodeAdapter({ routes: testServiceRoutes(await interopRegistry(protoRoot)) });
const server: Server | Http2Server =
  http === '1.1'
    ? createServer(handler)
    : http === 'h2c'
      ? createH2cServer(handler)
      : createSecureServer({ cert: readFileSync(cert!), key: readFileSync(key!), allowHTTP1: true }, handler);
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));

// Calls in flight end with the process: nothing here needs a graceful close.
const stop = (): void => process.exit(0);
process.stdin.on('end', stop).resume();
process.once('SIGTERM', stop);
