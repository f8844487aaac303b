/**
 * "Export" of the Load test view: the same load test as a Locust file or a ghz command line, for the page to save.
 * Variables are filled from the environment (and a data file's rows) as the engine fills them, except secrets: those
 * become references to environment variables of the machine that runs the export (`"$API_TOKEN"` in the shell,
 * os.environ in Python), so no secret value reaches the page. ghz comes as a shell script that also writes the
 * descriptor set ghz needs (see ghz-script.ts).
 */
import type { CallRequest } from '../../shared/call';
import type { LoadPlan } from '../../shared/load';
import type { CallContext } from '../../shared/workspace';
import { ghzCommand } from '../load/export/ghz';
import { locustfile } from '../load/export/locust';
import { readDataFile } from '../load/run/data-file';
import { SecretReferences } from '../workspace/grpcurl/secret-references';
import { resolveCallRequest } from '../workspace/variables';
import { ghzScript } from './ghz-script';
import { loadInContext, type LoadServiceParts } from './load-service';
import { locustSecretReferences } from './locust-secrets';

/** What the page asks to export. */
export interface LoadExportRequest {
  sourceId: string;
  request: CallRequest;
  context: CallContext | undefined;
  plan: LoadPlan;
  kind: 'locust' | 'ghz';
}

export async function exportLoad(
  parts: LoadServiceParts,
  { sourceId, request, context, plan, kind }: LoadExportRequest,
): Promise<string> {
  const schema = parts.sources.schema(sourceId);
  const { input, secrets } = await loadInContext(parts, schema, request, context);
  const references = new SecretReferences();
  const values = references.fill(input.values, secrets);
  const fill = (more: ReadonlyMap<string, string>): CallRequest =>
    resolveCallRequest(input.request, new Map([...values, ...more]), input.environment);
  let rows: CallRequest[] | undefined;
  if (plan.dataFile !== undefined) {
    await parts.access.assertReadable(plan.dataFile);
    rows = (await readDataFile(plan.dataFile)).map(fill);
  }
  const exported = {
    schema,
    source: parts.sources.source(sourceId),
    request: rows?.[0] ?? fill(new Map()),
    plan,
    ...(rows ? { rows } : {}),
  };
  if (kind === 'locust') return locustSecretReferences(locustfile(exported), references);
  return ghzScript(exported.request.method, ghzCommand(exported), references);
}
