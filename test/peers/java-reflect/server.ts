import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { peers } from '../../helpers/peer-paths';

/** Where .ci/install-peers.sh builds the peer (classes/ and lib/), unless PROTODESK_JAVA_REFLECT says otherwise. */
export const javaReflectDir = peers.javaReflect;

/**
 * The `java` arguments that run `mainClass` of test/peers/java-reflect; fails (never skips) when it has not been built.
 * Serial GC and C1 only: the JVM starts faster and stays small on two shared cores.
 */
export function javaArgs(mainClass: 'ReflectServer' | 'JsonPrinter', args: string[] = []): string[] {
  if (
    !existsSync(join(javaReflectDir, 'classes', `${mainClass}.class`)) ||
    !existsSync(join(javaReflectDir, 'lib'))
  ) {
    throw new Error(
      `The grpc-java test peer is missing in ${javaReflectDir}. Run .ci/install-peers.sh to build it.`,
    );
  }
  const classpath = [join(javaReflectDir, 'classes'), join(javaReflectDir, 'lib', '*')].join(':');
  return ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-cp', classpath, mainClass, ...args];
}

/** Options of test/peers/java-reflect/ReflectServer.java. */
export interface JavaReflectOptions {
  /** Serve TLS with this certificate and key (PEM files). */
  tls?: { cert: string; key: string };
}

/** A running grpc-java peer on 127.0.0.1. */
export interface JavaReflectServer {
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts grpc-java's interop TestService with health and reflection (v1 and v1alpha) on a free 127.0.0.1 port.
 * Resolves once the server listens (it prints its port then); the JVM takes about half a second to get there.
 */
export async function startJavaReflect(options: JavaReflectOptions = {}): Promise<JavaReflectServer> {
  const args = ['--port=0'];
  if (options.tls) args.push(`--cert=${options.tls.cert}`, `--key=${options.tls.key}`);
  // stdin stays an open pipe: the server exits when it closes, so it cannot outlive a test worker that dies.
  const child = spawn('java', javaArgs('ReflectServer', args), { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    const port = await firstLine(child);
    return { port, stop: () => stop(child) };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

/** Reads the port the peer prints once it listens; rejects with its stderr if it exits first. */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) =>
      reject(new Error(`java-reflect could not start java: ${error.message}`, { cause: error })),
    );
    child.once('exit', (code, signal) =>
      reject(new Error(`java-reflect exited with ${code ?? signal}: ${stderr}`)),
    );
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const port = Number(line);
      if (Number.isInteger(port) && port > 0) resolve(port);
      else reject(new Error(`java-reflect printed ${JSON.stringify(line)} instead of its port: ${stderr}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  // No pid: java never started (then no 'exit' comes).
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}
