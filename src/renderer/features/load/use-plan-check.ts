/** The engine's verdict on the Load test form's plan (load.checkPlan), asked again each time the plan changes. */
import { useEffect, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { LoadPlan, LoadPlanProblem } from '../../../shared/load';

/**
 * The problem the engine finds with `plan`, or undefined when it finds none or has not answered for this plan yet
 * (Start and Export check again, so a plan never runs unchecked). Answers for older plans are dropped.
 */
export function usePlanCheck(
  api: ApiPick<'load.checkPlan'>,
  plan: LoadPlan | undefined,
): LoadPlanProblem | undefined {
  const [verdict, setVerdict] = useState<{ plan: LoadPlan; problem: LoadPlanProblem | null }>();
  useEffect(() => {
    if (!plan) return undefined;
    let current = true;
    api.load.checkPlan({ plan }).then(
      (problem) => {
        if (current) setVerdict({ plan, problem });
      },
      // The contract refused the plan's shape or the engine is gone: Start reports it in its own words.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, plan]);
  return verdict && verdict.plan === plan ? (verdict.problem ?? undefined) : undefined;
}
