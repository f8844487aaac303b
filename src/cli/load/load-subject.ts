import type { PreparedLoadSubject } from '../../core/service/use-cases/prepare-load';

/**
 * What a load test calls: the engine's input, its secret values (exports write references to them instead), the
 * schema source it came from (exports name it), and its clean-up.
 */
export type LoadSubject = PreparedLoadSubject;
