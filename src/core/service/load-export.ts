/**
 * "Export" of the Load test view: the load test in its workspace context (environment, TLS profile, data file) as a
 * Locust file or ghz script, for the page to save.
 */
import type { CallRequest } from '../../shared/call';
import type { LoadPlan } from '../../shared/load';
import type { CallContext } from '../../shared/workspace';
import { checkPlan } from '../load/plan-check';
import { readDataFile } from '../load/run/data-file';
import { loadExportText, type LoadExportKind } from './load-export-text';
import { pageLoadSubject, type LoadServiceParts } from './load-service';
import { prepareLoad } from './use-cases/prepare-load';

/** What the page asks to export. */
export interface LoadExportRequest {
  sourceId: string;
  request: CallRequest;
  context: CallContext | undefined;
  plan: LoadPlan;
  kind: LoadExportKind;
}

export async function exportLoad(
  parts: LoadServiceParts,
  { sourceId, request, context, plan, kind }: LoadExportRequest,
): Promise<string> {
  checkPlan(plan);
  const { input, secrets, source, effectiveAuth } = await prepareLoad(
    pageLoadSubject(parts, sourceId, request, context),
  );
  let rows;
  if (plan.dataFile !== undefined) {
    await parts.access.assertReadable(plan.dataFile);
    rows = await readDataFile(plan.dataFile);
  }
  return loadExportText(kind, {
    ...input,
    secrets,
    source,
    plan,
    ...(effectiveAuth ? { authSettings: effectiveAuth.settings } : {}),
    ...(rows ? { rows } : {}),
  });
}
