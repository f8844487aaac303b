/** What the app's Mocks view gets from the engine: the mocks it runs, a method's stub file, and rules made from calls. */
import type { MockFallback, MockProblem, MockProtocol } from './mock';

/** A mock the engine runs for a loaded source, as `mocks.list` and `mocks.start` answer it. */
export interface RunningMock {
  /** The id the page picked at `mocks.start`. */
  mockId: string;
  /** The loaded sources it serves: one, or every source loaded when it started (the workspace's schema). */
  sourceIds: string[];
  /** The source's name in the sidebar when the mock started. */
  sourceLabel: string;
  /** `host:port` a client dials (plaintext), e.g. `127.0.0.1:50123`. */
  address: string;
  protocols: MockProtocol[];
  /** How many methods it answers from stubs. */
  methodCount: number;
  /** The services of those methods (`pkg.Service`): the source's own, not the reflection and health every mock serves. */
  services: string[];
  fallback: MockFallback;
  /** The folder of stub files it serves (the workspace's `mocks/`), absent when it serves none. */
  stubsDir?: string;
  /** The stub files it cannot serve now, and what to change. */
  problems: MockProblem[];
  /** When it started, ISO 8601. */
  startedAt: string;
}

/** One method's stub file in the workspace, for the rules editor. */
export interface MockRules {
  /** `pkg.Service/Method`. */
  method: string;
  /** Workspace-relative: `mocks/pkg.Service/Method.json`. */
  file: string;
  /** The file's text, or a stub with no rules yet when the file does not exist. */
  text: string;
  exists: boolean;
  /** draft-07 JSON Schema of the stub file: `match.body` is the method's request message, `respond.body` its response. */
  jsonSchema: Record<string, unknown>;
  /** What is wrong with the file as it is on disk (empty when it is fine or absent). */
  problems: MockProblem[];
}

/** What saving a stub file answers: what a mock would refuse in it (the file is written either way). */
export interface SavedMockRules {
  file: string;
  problems: MockProblem[];
}

/** What "Mock this response" did: which rule of which file now answers that request. */
export interface MockedResponse {
  file: string;
  /** 0-based index of the rule in the file. */
  index: number;
  /** An earlier rule matching exactly the same request was replaced rather than a new one added. */
  replaced: boolean;
  problems: MockProblem[];
}
