// What test/main/node12-engine.test.ts hands to the engine script (as JSON, its one argument).

/** Servers, files and folders made by the test for one run of the script. */
export interface EngineScriptConfig {
  /** The app's data folder (history, secrets, the last workspace). */
  dataDir: string;
  /** An empty folder to open as the workspace. */
  workspace: string;
  /** A folder of .proto files (grpc/testing/*.proto below it) to import. */
  protoFolder: string;
  /** `127.0.0.1:port` of the grpc-go peer: plaintext, TLS, and TLS requiring a client certificate. */
  targets: { plaintext: string; tls: string; mutual: string };
  /** PEM files of the test PKI (test/helpers/certs.ts). */
  pki: {
    ca: string;
    otherCa: string;
    client: { cert: string; key: string };
    otherClient: { cert: string; key: string };
  };
}
