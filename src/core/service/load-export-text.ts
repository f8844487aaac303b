/**
 * The one export pipeline of a load test, for the app's "Export" and `protodesk load --export`: the request's
 * `{{variables}}` filled from the values (and each data-file row over them) as the engine fills them, except secrets,
 * which become references to environment variables of the machine that runs the export (`"$API_TOKEN"` in the shell,
 * os.environ in Python), so no secret value lands in the file. ghz comes as one shell script that also writes the
 * descriptor set ghz needs (see ghz-script.ts).
 */
import type { AuthSettings } from '../../shared/auth';
import type { CallRequest } from '../../shared/call';
import type { LoadPlan } from '../../shared/load';
import type { SchemaSource } from '../../shared/schema';
import { ghzCommand } from '../load/export/ghz';
import { locustfile } from '../load/export/locust';
import type { DataRow } from '../load/run/data-file';
import type { Schema } from '../schema/schema';
import { SecretReferences } from '../workspace/grpcurl/secret-references';
import { resolveCallRequest } from '../workspace/variables';
import { LoadExportError } from '../load/export/errors';
import { ghzScript } from './ghz-script';
import { isEmbeddedPemCopy } from './temp-pem';
import { locustSecretReferences } from './locust-secrets';
import { exportedAuthMetadata } from '../../shared/auth-export';
import { withEntries } from '../../shared/metadata-override';

export type LoadExportKind = 'locust' | 'ghz';

/** What is exported: the load test as it would run, with the secret values kept apart. */
export interface LoadExportSubject {
  schema: Schema;
  source: SchemaSource;
  /** The request as given, `{{variables}}` unfilled. */
  request: CallRequest;
  values: ReadonlyMap<string, string>;
  /** Secret values by name (none for the CLI's flag form): written as environment-variable references. */
  secrets: ReadonlyMap<string, string>;
  environment?: string;
  plan: LoadPlan;
  /** The plan's data file, read: each row fills the request once, in turn. */
  rows?: readonly DataRow[];
  /** The auth the run would send: its credential becomes an environment variable of the export (`ACCESS_TOKEN`). */
  authSettings?: AuthSettings;
}

/** The export's text: a locustfile, or a POSIX shell script that runs ghz. Throws for an unresolved variable. */
export function loadExportText(kind: LoadExportKind, subject: LoadExportSubject): string {
  refuseEmbeddedCertificates(subject.request);
  const references = new SecretReferences();
  const auth = exportedAuthMetadata(subject.authSettings);
  const secrets = new Map([...subject.secrets, ...auth.secrets.map((name) => [name, ''] as const)]);
  const values = references.fill(subject.values, secrets);
  const request = { ...subject.request, metadata: withEntries(subject.request.metadata, auth.metadata) };
  const fill = (row: DataRow): CallRequest =>
    resolveCallRequest(request, new Map([...values, ...row]), subject.environment);
  const rows = subject.rows?.map(fill);
  const exported = {
    schema: subject.schema,
    source: subject.source,
    request: rows?.[0] ?? fill(new Map()),
    plan: subject.plan,
    ...(rows ? { rows } : {}),
  };
  if (kind === 'locust') return locustSecretReferences(locustfile(exported), references);
  return ghzScript(exported.request.method, ghzCommand(exported), references);
}

/** An export names certificate files; a TLS profile's embedded PEM exists only as a temporary copy while Protodesk runs. */
function refuseEmbeddedCertificates({ tls }: CallRequest): void {
  if (tls.mode !== 'tls') return;
  const copies = [...(tls.caFiles ?? []), ...(tls.certFile ? [tls.certFile] : [])].filter(isEmbeddedPemCopy);
  if (copies.length === 0) return;
  throw new LoadExportError(
    'This TLS profile holds its certificate as pasted PEM text, and an export can only name certificate files.',
    'Save the certificate to a file, name that file in the TLS profile instead of the pasted text, and export again.',
  );
}
