/** Stub files: rules that answer a mock's calls (see docs/workspace-format.md, "Mock stubs"). */
export { createStubHandler, type StubHandler, type StubHandlerOptions } from './stub-handler';
export { loadStubs, type LoadedStubs } from './load-stubs';
export { parseStubFile, stubFormat, type StubFile, type StubRule } from './stub-file';
export { renderStubFile, stubFileFor, stubPath, type SeenCall, type StubFileJson } from './stub-writer';
