/** The JSON schemas of all mounted editors, handed to Monaco's JSON language as one list. */
import { jsonDefaults } from './setup';

interface Registered {
  schema: Record<string, unknown>;
  text: string;
}

const registry = new Map<string, Registered>();

/** Binds `schema` to the model at modelUri (undefined unbinds it) and tells the JSON language when anything changed. */
export function setModelSchema(modelUri: string, schema: Record<string, unknown> | undefined): void {
  const current = registry.get(modelUri);
  if (!schema) {
    if (current && registry.delete(modelUri)) publish();
    return;
  }
  if (current?.schema === schema) return;
  // Each publish restarts the JSON worker, so an equal schema in a new object must not count as a change.
  const text = JSON.stringify(schema);
  registry.set(modelUri, { schema, text });
  if (current?.text !== text) publish();
}

function publish(): void {
  const schemas = [...registry].map(([modelUri, { schema }]) => ({
    uri: `${modelUri}.schema.json`,
    fileMatch: [modelUri],
    schema,
  }));
  jsonDefaults.setDiagnosticsOptions({
    ...jsonDefaults.diagnosticsOptions,
    validate: true,
    enableSchemaRequest: false,
    schemas,
  });
}
