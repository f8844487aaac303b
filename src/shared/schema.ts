/** The schema half of the contract between the UI and the engine: where schemas come from and what they contain. */
import type { AuthSettings } from './auth';

/** How a method streams: one request or many, one response or many. */
export type MethodKind = 'unary' | 'client_stream' | 'server_stream' | 'bidi';

/** One `key: value` metadata pair; `-bin` keys carry base64 values. */
export interface MetadataEntry {
  key: string;
  value: string;
}

/** Transport security for a connection (reflection now, calls later). */
export type TlsSettings =
  | { mode: 'plaintext' }
  | {
      mode: 'tls';
      /** PEM file paths of extra trusted CAs; empty means the system roots. */
      caFiles?: string[];
      /** PEM file of the client certificate, for mutual TLS. */
      certFile?: string;
      /** PEM file of the client key, for mutual TLS. */
      keyFile?: string;
      /** Name checked against the server certificate, and the default :authority. */
      serverName?: string;
      /** Accept any server certificate (marked as insecure wherever results are shown). */
      insecure?: boolean;
    };

/** Where a schema comes from. Every source ends as one set of FileDescriptorProtos. */
export type SchemaSource =
  | { kind: 'protoFiles'; files: string[]; importPaths: string[] }
  | { kind: 'protoFolder'; folder: string; importPaths?: string[] }
  | { kind: 'descriptorSet'; file: string }
  | {
      kind: 'reflection';
      target: string;
      tls: TlsSettings;
      metadata?: MetadataEntry[];
      timeoutMs?: number;
      /** Auth for the reflection requests; its `{{variables}}` are filled from `environment`. */
      auth?: AuthSettings;
      /** The environment whose variables fill the auth's (a client secret stays a secret, not a value here). */
      environment?: string;
    };

/** A location in a source file, 1-based, as editors show it. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** A problem the engine found in a schema source, phrased for the person who has to fix it. */
export interface SchemaProblem {
  message: string;
  location?: SourceLocation;
  /** What to do about it, when there is something obvious. */
  hint?: string;
}

/** A method as the UI lists it. */
export interface MethodInfo {
  name: string;
  /** `package.Service.Method` */
  fullName: string;
  /** The HTTP/2 path: `/package.Service/Method` */
  path: string;
  kind: MethodKind;
  inputType: string;
  outputType: string;
  doc: string;
}

/** A service and its methods, in declaration order. */
export interface ServiceInfo {
  name: string;
  fullName: string;
  file: string;
  doc: string;
  methods: MethodInfo[];
}
