/** The `load` domain of the contract for one client: its load tests' events go to it, and closing it stops them. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { ApiEvent } from '../../../shared/api/types';
import type { LoadPlanProblem } from '../../../shared/load';
import { planProblem } from '../../load/plan-check';
import { exportLoad } from '../load-export';
import type { LoadClient } from '../load-service';
import type { ServiceParts } from './parts';

/** Answers `load.*` operations for one client. */
export class LoadDomain implements DomainService<'load'> {
  private readonly client: LoadClient;
  private closed = false;

  constructor(
    private readonly parts: ServiceParts,
    emit: (event: ApiEvent) => void,
  ) {
    this.client = { emit };
  }

  async checkPlan({ plan }: OperationInput<'load.checkPlan'>): Promise<LoadPlanProblem | null> {
    return planProblem(plan);
  }

  async start({ runId, sourceId, request, context, plan }: OperationInput<'load.start'>): Promise<void> {
    await this.parts.loads.start(this.client, runId, sourceId, request, context, plan);
    // The client went away while the run was starting: nobody would see it end.
    if (this.closed) this.parts.loads.stop(runId);
  }

  async stop({ runId }: OperationInput<'load.stop'>): Promise<void> {
    this.parts.loads.stop(runId);
  }

  async saveReport({ runId, path, format, previousRunId }: OperationInput<'load.saveReport'>): Promise<void> {
    await this.parts.loads.saveReport(runId, path, format, previousRunId);
  }

  async export({ sourceId, request, context, plan, kind }: OperationInput<'load.export'>): Promise<string> {
    return exportLoad(this.parts.loads.parts, { sourceId, request, context, plan, kind });
  }

  /** Stops every load test this client started. */
  async close(): Promise<void> {
    this.closed = true;
    await this.parts.loads.stopAll(this.client);
  }
}
