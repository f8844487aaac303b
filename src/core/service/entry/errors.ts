/** The engine's errors that the command line tells apart (usage errors, exit 2; auth, exit 3) and how it prints a schema problem. */
export { AuthError } from '../../auth/errors';
export { CallSetupError } from '../../call/errors';
export { DataFileError } from '../../load/run/data-file';
export { LoadPlanError } from '../../load/plan-check';
export { ThresholdSyntaxError } from '../../load/thresholds';
export { formatProblem, SchemaError } from '../../schema/errors';
export { JsonInputError } from '../../schema/json';
export { UnresolvedVariablesError } from '../../workspace/variables';
