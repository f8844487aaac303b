/** The one check of a load plan's numbers, alone: `protodesk load`'s flag parsing needs it before any engine code loads. */
export { checkPlan } from '../../load/plan-check';
