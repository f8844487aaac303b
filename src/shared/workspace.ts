/**
 * The workspace half of the contract: what a workspace folder holds (saved requests, environments, TLS profiles, the
 * schema sources), the history kept beside it, and what a finished call's captures and assertions produced.
 *
 * On disk every file is JSON with a `format` number first (see `workspaceFormat`); these types are the contents
 * without it. Paths inside are relative to the workspace folder where possible.
 */
import type { AuthSettings } from './auth';
import type { CallProtocol, CallStatus, CallTimings } from './call';
import type { GrpcStatusName } from './grpc-status';
import type { MetadataEntry, SchemaSource } from './schema';
import type { CertificateInfo, CertificateValidity, HostCheck, KeyPairCheck } from './tls';

/** The file format this version writes; older formats are migrated when read, newer ones are refused. */
export const workspaceFormat = 1;

/** Any JSON value, as a request body is stored (an object, not a string, so diffs read well). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** `protodesk.json` at the workspace root: where the schemas come from. */
export interface WorkspaceManifest {
  sources: SchemaSource[];
}

/** Per-request options saved with a request (a subset of CallOptions). */
export interface SavedOptions {
  deadlineMs?: number;
  emitDefaults?: boolean;
  gzip?: boolean;
  /** gRPC-Web and Connect in plaintext: HTTP/2 with prior knowledge instead of HTTP/1.1. */
  http2?: boolean;
}

/** Copies a value of a response into a variable for later requests. */
export type Capture =
  /** `path` is a JSON path into the first response message: `$.user.id`, `$.items[0].name`. */
  | { variable: string; from: 'body'; path: string }
  /** The first value of a response header or trailer (`name` is case-insensitive). */
  | { variable: string; from: 'header' | 'trailer'; name: string };

/** What a response must satisfy; every field is optional and all given must hold. */
export interface Assertions {
  /** The status name the call must end with, e.g. `OK` or `NOT_FOUND`. */
  status?: GrpcStatusName;
  /** A JSON subset the response must contain (for streams: some message must contain it). */
  contains?: JsonValue;
  /** The call must finish within this many milliseconds. */
  maxLatencyMs?: number;
}

/** A request saved in a collection (`collections/<collection>/<folder…>/<name>.json`). No ids or times: diffs stay clean. */
export interface SavedRequest {
  /** `package.Service/Method`; the first loaded source that has it serves it. */
  method: string;
  /** Server address; may hold `{{variables}}`, as may metadata values, string values of the body and the TLS server name. */
  target: string;
  /** Name of a TLS profile (`tls/<name>.json`); absent: the environment's profile, else plaintext. */
  tlsProfile?: string;
  /** The wire protocol; absent: the environment's protocol, else `grpc`. */
  protocol?: CallProtocol;
  metadata: MetadataEntry[];
  /** The request message (the first one of a client stream) as JSON. */
  body: JsonValue;
  options?: SavedOptions;
  captures?: Capture[];
  assertions?: Assertions;
  /** Absent: the nearest folder's, collection's or environment's auth (see src/shared/auth.ts). */
  auth?: AuthSettings;
}

/** The file in a folder of requests (or a collection's own folder) that holds its FolderSettings. */
export const folderSettingsFileName = '_folder.json';

/** `collections/<collection>/<folder…>/_folder.json`: settings a folder gives the requests under it. */
export interface FolderSettings {
  auth?: AuthSettings;
}

/** `environments/<name>.json`: variables, and which of them are secret. */
export interface EnvironmentFile {
  /** Plain variables, written in name order. Secret ones are not here. */
  variables: Record<string, string>;
  /** Names of secret variables: their values live in the OS keychain (or the local secrets file), never in the workspace. */
  secrets: string[];
  /** The TLS profile requests use in this environment unless they name their own. */
  tlsProfile?: string;
  /** The protocol requests use in this environment unless they name their own (e.g. a gateway that speaks gRPC-Web). */
  protocol?: CallProtocol;
  /** The auth of requests in this environment when neither they nor their folders set one. */
  auth?: AuthSettings;
}

/** How a TLS profile connects. */
export type TlsProfileMode = 'plaintext' | 'systemRoots' | 'customCa' | 'mutual' | 'insecure';

/** `tls/<name>.json`: transport security that requests and environments refer to by name. */
export interface TlsProfile {
  mode: TlsProfileMode;
  /** PEM files of trusted CAs (`customCa`, optional for `mutual`: system roots when none). */
  caFiles?: string[];
  /** CA certificates embedded as PEM text, only when the user chose to embed them. */
  caPem?: string;
  /** Client certificate PEM file (`mutual`). */
  certFile?: string;
  /** Client certificate embedded as PEM text, only when the user chose to. Private keys are never embedded. */
  certPem?: string;
  /** Client private key PEM file (`mutual`). */
  keyFile?: string;
  /** Name checked against the server certificate instead of the target host; may hold `{{variables}}`. */
  serverName?: string;
}

/** A file as read, with the version to hand back when saving it (detects changes made on disk meanwhile). */
export interface Versioned<T> {
  value: T;
  /** SHA-256 (hex) of the file's bytes as read. */
  version: string;
}

/** A saved request as the collection tree lists it. */
export interface SavedRequestEntry {
  /** Workspace-relative path with `/`: `collections/users/admin/Get user.json`. */
  path: string;
  collection: string;
  /** Folders between the collection and the file, outermost first. */
  folders: string[];
  /** File name without `.json`. */
  name: string;
  /** `package.Service/Method`; empty when the file could not be read (it is then in `problems`). */
  method: string;
}

/** A workspace file that could not be used (it is left as it is), and what to do about it. */
export interface WorkspaceProblem {
  /** Workspace-relative path. */
  path: string;
  message: string;
  hint?: string;
}

/** What opening a folder that holds files but no protodesk.json answers: nothing was written; open it again with `create`. */
export interface WorkspaceNeedsConfirmation {
  needsConfirmation: true;
  /** Absolute path of the folder. */
  folder: string;
}

/**
 * What bringing schema sources and TLS profiles from the workspace left last into the open one did, each by name:
 * `brought` (copied in), `alreadyThere` (the open workspace had the same), `keptExisting` (a different TLS profile of
 * that name was there and was not overwritten), `missing` (the workspace left no longer has it).
 */
export interface BringInReport {
  /** The name of the workspace they came from. */
  from: string;
  sources: { source: SchemaSource; outcome: 'brought' | 'alreadyThere' | 'missing' }[];
  tlsProfiles: { name: string; outcome: 'brought' | 'alreadyThere' | 'keptExisting' | 'missing' }[];
}

/** What the page shows of the open workspace. */
export interface WorkspaceState {
  /** Absolute path of the workspace folder. */
  folder: string;
  /** The folder's name, or `Default workspace`. */
  name: string;
  isDefault: boolean;
  requests: SavedRequestEntry[];
  environments: string[];
  tlsProfiles: string[];
  problems: WorkspaceProblem[];
}

/** An environment as the editor shows it: secret values are never sent to the page, only whether one is stored. */
export interface EnvironmentView {
  file: EnvironmentFile;
  /** Names of secrets that have a stored value. */
  storedSecrets: string[];
}

/** Where a `{{name}}` gets its value from, as a call would fill it now. */
export type VariableOrigin = 'environment' | 'secret' | 'captured';

/** One variable a call would fill: plain and captured values are given, a secret's never (`revealSecret` asks for it). */
export interface VariableValue {
  name: string;
  origin: VariableOrigin;
  /** Absent for secrets. */
  value?: string;
}

/** The variables a call in an environment would see, for highlighting `{{name}}` in the page. */
export interface VariableView {
  /** The environment asked about; absent for "No environment". */
  environment?: string;
  /** By name. */
  variables: VariableValue[];
  /** Secrets the environment declares that have no stored value (a call would leave them unresolved). */
  secretsWithoutValue: string[];
}

/**
 * Secret values shorter than this are not hidden in what Protodesk shows or keeps (reports, history, the page, the
 * command line). Replacing a value wherever it occurs as text is only safe for values unlikely to occur by chance: a
 * secret `bad` would turn a server's "bad token" into "{{token}} token", mangling the message and, by where the
 * placeholder lands, giving the secret away. Six characters keep short words and numbers intact while real tokens,
 * passwords and keys are far longer.
 */
export const redactedSecretMinLength = 6;

/** New values for secret variables: a string stores it, null deletes it; names absent keep their value. */
export type SecretChanges = Record<string, string | null>;

/** The workspace context a call runs in (third argument of `startCall`). */
export interface CallContext {
  /** Environment whose variables fill `{{name}}` (plus values captured earlier in this session). */
  environment?: string;
  /** TLS profile by name; else the request's own TLS when set; else the environment's profile; else plaintext. */
  tlsProfile?: string;
  /** The saved request this call runs, recorded in history. */
  savedPath?: string;
  captures?: Capture[];
  assertions?: Assertions;
  /** The tab's own auth (a saved request's as edited); absent: inherited from its folders and environment. */
  auth?: AuthSettings;
}

/** The result of one assertion, phrased for the person reading a test report. */
export interface AssertionResult {
  assertion: keyof Assertions;
  passed: boolean;
  /** `status is OK`, or what differed: `expected status OK, got NOT_FOUND (no such user)`. */
  message: string;
}

/** The result of one capture. */
export interface CaptureResult {
  variable: string;
  /** The value stored (as text); absent when nothing matched. */
  value?: string;
  /** Why nothing was captured. */
  problem?: string;
}

/** What a finished call's captures and assertions produced (pushed to the page as an `outcome` event). */
export interface CallOutcome {
  callId: string;
  /** The history entry the call was recorded as; absent when recording failed. */
  historyId?: string;
  assertions: AssertionResult[];
  captures: CaptureResult[];
}

/** A call as history lists it. */
export interface HistorySummary {
  id: string;
  /** ISO time the call started. */
  at: string;
  method: string;
  target: string;
  status: Pick<CallStatus, 'code' | 'name'>;
  totalMs: number;
  savedPath?: string;
}

/** A call as recorded: the request as sent (after variables; secret values replaced by `{{name}}`) and what came back. */
export interface HistoryEntry extends HistorySummary {
  workspace: string;
  request: {
    tlsProfile?: string;
    /** Absent for gRPC. */
    protocol?: CallProtocol;
    metadata: MetadataEntry[];
    /** Request messages as sent, in order, JSON text (every one up to 1,000 messages or 5 MB of text). */
    messages: string[];
    /** Messages a long stream sent beyond that cap, not kept. */
    droppedMessages?: number;
    options?: SavedOptions;
  };
  statusMessage: string;
  timings: CallTimings;
  response: {
    /** The first response messages, JSON text. */
    messages: string[];
    /** How many messages arrived in all. */
    count: number;
    bytes: number;
    headers: MetadataEntry[];
    trailers: MetadataEntry[];
  };
}

/** One certificate file of a TLS profile, read and checked. */
export interface CertificateFileReport {
  role: 'ca' | 'client';
  /** The file as named in the profile, or `embedded`. */
  file: string;
  certificates: { info: CertificateInfo; validity: CertificateValidity; expiresInDays: number }[];
  /** Why the file could not be read (then `certificates` is empty). */
  problem?: { message: string; hint?: string };
}

/** Everything the TLS panel checks about a profile without connecting. */
export interface TlsProfileReport {
  files: CertificateFileReport[];
  /** Whether the client key belongs to the client certificate (`mutual` only). */
  keyPair?: KeyPairCheck;
  /** Other problems: a missing file, a mode that needs a field left empty. The server's names are checked by testTlsConnection. */
  problems: { message: string; hint?: string }[];
}

/** What `testTlsConnection` saw: the server's chain and whether it verifies with the profile. */
export interface TlsHandshakeReport {
  /** Whether the TCP connection and TLS handshake completed (even if verification failed). */
  connected: boolean;
  /** Whether the chain verifies against the profile's roots and covers the server name. */
  verified: boolean;
  /** Why it did not connect or verify, and what to do. */
  message?: string;
  hint?: string;
  /** The chain as the server presented it, leaf first. */
  chain: CertificateInfo[];
  /** Whether the leaf covers the server name (or the target's host). */
  host?: HostCheck;
  protocol?: string;
  /** The negotiated ALPN protocol; gRPC needs `h2`. */
  alpn?: string;
}

/** What a BloomRPC import created. */
export interface BloomRpcImport {
  environments: string[];
  tlsProfiles: string[];
  /** Entries skipped, and why. */
  skipped: string[];
}

/** A request built from a pasted grpcurl command. */
export interface GrpcurlImport {
  request: SavedRequest;
  /** The schema source its `-proto` / `-protoset` / `-import-path` flags name; absent: server reflection. */
  source?: SchemaSource;
  /** TLS settings its flags give, to save as a profile (absent: plaintext). */
  tlsProfile?: TlsProfile;
  /** Flags understood but not kept, and why. */
  warnings: string[];
}
