import { homedir } from 'node:os';
import { join } from 'node:path';

/** The environment the paths are read from (process.env, or a test's own). */
export type PeerEnv = Readonly<Record<string, string | undefined>>;

/** Where the test peers and tools are. */
export interface PeerPaths {
  /** The folder .ci/install-peers.sh fills (vitest's global setup runs it before every run). */
  cache: string;
  /** Python with grpcio-tools (the protoc oracle), grpcio, junitparser and Locust. */
  python: string;
  /** grpcurl v1.9.4. */
  grpcurl: string;
  /** ghz v0.120.0 (load benchmark reference, exported ghz commands). */
  ghz: string;
  /** Locust 2.47 in the Python venv (exported locustfiles). */
  locust: string;
  /** The grpc-go TestService with reflection (test/peers/go-reflect). */
  goReflect: string;
  /** The grpc-java peer's folder (classes/ and lib/; test/peers/java-reflect). */
  javaReflect: string;
  /** grpc-go's TLS test files (ca.pem, server1.pem, server1.key) in the Go module cache install-peers fills. */
  grpcGoTestdata: string;
  /** The folder holding Electron 9.4.1's `electron` binary. */
  electron9: string;
  /** Debian's tinyproxy (found on PATH unless set). */
  tinyproxy: string;
  /** Debian's Chromium, never a downloaded one. */
  chromium: string;
  /** libxml2's xmllint (found on PATH unless set). */
  xmllint: string;
}

/**
 * The one rule for every peer's path: its PROTODESK_* variable when set, else where .ci/install-peers.sh puts it, under
 * $PROTODESK_CACHE (default ~/.cache/protodesk-ci). No helper repeats it.
 */
export function peerPaths(env: PeerEnv = process.env): PeerPaths {
  const cache = env.PROTODESK_CACHE || join(homedir(), '.cache', 'protodesk-ci');
  return {
    cache,
    python: env.PROTODESK_PYTHON || join(cache, 'venv', 'bin', 'python'),
    grpcurl: env.PROTODESK_GRPCURL || join(cache, 'bin', 'grpcurl'),
    ghz: env.PROTODESK_GHZ || join(cache, 'bin', 'ghz'),
    locust: env.PROTODESK_LOCUST || join(cache, 'venv', 'bin', 'locust'),
    goReflect: env.PROTODESK_GO_REFLECT || join(cache, 'bin', 'go-reflect'),
    javaReflect: env.PROTODESK_JAVA_REFLECT || join(cache, 'java-reflect'),
    grpcGoTestdata: join(cache, 'gomod', 'google.golang.org', 'grpc@v1.85.0', 'testdata'),
    electron9: env.PROTODESK_ELECTRON9 || join(cache, 'electron-9.4.1'),
    tinyproxy: env.PROTODESK_TINYPROXY || 'tinyproxy',
    chromium: env.PROTODESK_CHROMIUM || '/usr/bin/chromium',
    xmllint: env.PROTODESK_XMLLINT || 'xmllint',
  };
}

/** This run's peer paths. */
export const peers: PeerPaths = peerPaths();
