import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { interopMethods, interopRegistry } from '../../helpers/interop-registry';
import { streamAnswers, unaryAnswer } from './answers';
import { createVerifier, type AuthCounts, type AuthOptions, type Principal, type Verifier } from './verify';

/** A running connect-node auth peer on 127.0.0.1. */
export interface AuthConnectServer {
  /** http://127.0.0.1:PORT. */
  url: string;
  port: number;
  seen: () => AuthCounts;
  stop: () => Promise<void>;
}

/** The caller, or the Unauthenticated (or Internal, when the check itself failed) error the call ends with. */
async function authorize(verifier: Verifier, context: HandlerContext): Promise<Principal> {
  let verdict;
  try {
    verdict = await verifier.verify((name) => context.requestHeader.get(name) ?? undefined);
  } catch (error) {
    throw new ConnectError(`auth check failed: ${(error as Error).message}`, Code.Internal);
  }
  if (!verdict.ok) throw new ConnectError(verdict.message, Code.Unauthenticated);
  return verdict.principal;
}

/**
 * The auth peer over Connect and gRPC-Web (connect-node on HTTP/1.1, in this process): the same UnaryCall and
 * StreamingOutputCall answers and the same check as startAuthGrpcServer, refusals ending Unauthenticated.
 */
export async function startAuthConnectServer(options: AuthOptions): Promise<AuthConnectServer> {
  const methods = interopMethods(await interopRegistry());
  const verifier = createVerifier(options);
  const handler = connectNodeAdapter({
    routes: (router) => {
      router.rpc(methods.unaryCall, async (_request, context) =>
        unaryAnswer(await authorize(verifier, context)),
      );
      router.rpc(methods.streamingOutputCall, async function* (_request, context) {
        await authorize(verifier, context);
        yield* streamAnswers();
      });
    },
  });
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen: verifier.seen,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
