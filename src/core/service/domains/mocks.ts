/** The `mocks` domain of the contract: the engine's mock servers and the open workspace's stub files. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { MockedResponse, MockRules, RunningMock, SavedMockRules } from '../../../shared/mock-control';
import { MockRulesFiles } from '../mock-rules';
import type { ServiceParts } from './parts';

/** Answers `mocks.*` operations (the same mocks for every client). */
export class MocksDomain implements DomainService<'mocks'> {
  constructor(private readonly parts: ServiceParts) {}

  async start({ mockId, sourceId, port, fallback }: OperationInput<'mocks.start'>): Promise<RunningMock> {
    return this.parts.mocks.start(mockId, sourceId, port ?? 0, fallback);
  }

  async stop({ mockId }: OperationInput<'mocks.stop'>): Promise<void> {
    await this.parts.mocks.stop(mockId);
  }

  async list(): Promise<RunningMock[]> {
    return this.parts.mocks.list();
  }

  async readRules({ sourceId, method }: OperationInput<'mocks.readRules'>): Promise<MockRules> {
    return (await this.rules(sourceId)).read(method);
  }

  async saveRules({ sourceId, method, text }: OperationInput<'mocks.saveRules'>): Promise<SavedMockRules> {
    return (await this.rules(sourceId)).save(method, text);
  }

  async ruleFromResponse({
    sourceId,
    method,
    requests,
    responses,
    status,
    trailers,
  }: OperationInput<'mocks.ruleFromResponse'>): Promise<MockedResponse> {
    return (await this.rules(sourceId)).addRuleFrom(method, {
      requests,
      responses,
      status,
      ...(trailers ? { trailers } : {}),
    });
  }

  private async rules(sourceId: string): Promise<MockRulesFiles> {
    const schema = this.parts.sources.schema(sourceId);
    return new MockRulesFiles(schema, (await this.parts.workspace.files()).folder);
  }
}
