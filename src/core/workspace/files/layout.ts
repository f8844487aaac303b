/**
 * The canonical layout of workspace files: the order of each object's keys (the order the fields are declared in
 * src/shared/workspace.ts), so the same value always gives the same bytes and diffs stay small.
 */

/** How to arrange one JSON value. Values without a layout (a request body) are kept exactly as written. */
export interface Layout {
  /** Key order of an object; keys not listed follow in code-unit order. */
  keys?: readonly string[];
  /** Order every key by code unit (maps such as `variables`). */
  sorted?: boolean;
  /** Layouts of the values under some keys. */
  fields?: Readonly<Record<string, Layout>>;
  /** Layout of each element of an array. */
  items?: Layout;
}

/** A copy of `value` with its objects' keys in the layout's order. */
export function arrange(value: unknown, layout: Layout | undefined): unknown {
  if (layout === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => arrange(item, layout.items));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  const listed = layout.sorted ? [] : (layout.keys ?? []).filter((key) => key in record);
  const ordered = [...listed, ...keys.filter((key) => !listed.includes(key))];
  return Object.fromEntries(ordered.map((key) => [key, arrange(record[key], layout.fields?.[key])]));
}

const metadataEntry: Layout = { keys: ['key', 'value'] };
const metadata: Layout = { items: metadataEntry };

const tlsSettings: Layout = { keys: ['mode', 'caFiles', 'certFile', 'keyFile', 'serverName', 'insecure'] };

/** Every SchemaSource variant's keys merged in an order consistent with each variant's declaration. */
const schemaSource: Layout = {
  keys: ['kind', 'files', 'folder', 'file', 'target', 'tls', 'importPaths', 'metadata', 'timeoutMs'],
  fields: { tls: tlsSettings, metadata },
};

/**
 * Every AuthSettings variant's keys (src/shared/auth.ts) in declaration order: `type` first, then each variant's own,
 * which no two variants share. `claims` is JSON text, not an object, so it needs no layout.
 */
export const authSettings: Layout = {
  keys: [
    'type',
    'token',
    'username',
    'password',
    'name',
    'value',
    'flow',
    'issuer',
    'tokenUrl',
    'authorizationUrl',
    'deviceAuthorizationUrl',
    'clientId',
    'clientSecret',
    'scope',
    'audience',
    'resource',
    'clientAuth',
    'keepToken',
    'algorithm',
    'secret',
    'keyFile',
    'claims',
    'lifetimeSeconds',
    'command',
    'cacheSeconds',
  ],
};

const folderSettingsFields = ['auth'];
const folderSettingsLayouts: Record<string, Layout> = { auth: authSettings };

const savedRequestFields = [
  'method',
  'target',
  'tlsProfile',
  'protocol',
  'metadata',
  'body',
  'options',
  'captures',
  'assertions',
  'auth',
];
const savedRequestLayouts: Record<string, Layout> = {
  metadata,
  options: { keys: ['deadlineMs', 'emitDefaults', 'gzip', 'http2'] },
  captures: { items: { keys: ['variable', 'from', 'path', 'name'] } },
  // `contains` has no layout: it is JSON the user wrote, like the body.
  assertions: { keys: ['status', 'contains', 'maxLatencyMs'] },
  auth: authSettings,
};

/** Layouts of whole files (with `format` first) by file kind. */
export const fileLayouts = {
  manifest: { keys: ['format', 'sources'], fields: { sources: { items: schemaSource } } },
  request: { keys: ['format', ...savedRequestFields], fields: savedRequestLayouts },
  environment: {
    keys: ['format', 'variables', 'secrets', 'tlsProfile', 'protocol', 'auth'],
    fields: { variables: { sorted: true }, auth: authSettings },
  },
  folder: { keys: ['format', ...folderSettingsFields], fields: folderSettingsLayouts },
  tlsProfile: {
    keys: ['format', 'mode', 'caFiles', 'caPem', 'certFile', 'certPem', 'keyFile', 'serverName'],
  },
  bundle: {
    keys: ['format', 'collection', 'folders', 'requests'],
    fields: {
      folders: {
        items: {
          keys: ['path', 'settings'],
          fields: { settings: { keys: folderSettingsFields, fields: folderSettingsLayouts } },
        },
      },
      requests: {
        items: {
          keys: ['path', 'request'],
          fields: { request: { keys: savedRequestFields, fields: savedRequestLayouts } },
        },
      },
    },
  },
} satisfies Record<string, Layout>;
