/** What `protodesk mock` and `protodesk run --mock` use: the mock façade and a workspace's mock. */
export { MockStartError, startMock, type RunningMock, type StartMockOptions } from '../../mock/start-mock';
export { workspaceMock, type WorkspaceMock } from '../use-cases/workspace-mock';
export { jsonLinesLog } from '../../mock/call-log';
