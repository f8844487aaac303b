/** The contract's engine side: the service both transports run, and the dispatcher they hand the page's calls to. */
export { EngineService, type EngineServiceOptions, type ServiceClient } from './engine-service';
export { dispatch } from './dispatch';
export { defaultBatchLimits, type BatchLimits } from './batcher';
