/**
 * A call status's decoded google.rpc.Status details (CallStatus.details, canonical JSON) as blocks the response body
 * shows: a title, named fields, a table for lists of violations, links; a type it does not know keeps its JSON.
 */

/** One line of a detail: a label and its text. */
export interface DetailField {
  label: string;
  value: string;
}

/** Rows under column headers, e.g. BadRequest's field violations. */
export interface DetailTable {
  /** What the table lists, its accessible name. */
  caption: string;
  columns: string[];
  rows: string[][];
}

/** One google.rpc detail, ready to show. */
export interface DetailBlock {
  title: string;
  /** The full type name, e.g. google.rpc.BadRequest. */
  typeName: string;
  fields: DetailField[];
  table?: DetailTable;
  links?: { description: string; url: string }[];
  /** The detail as JSON, for types without a layout here (or not decoded: then with its base64 value). */
  json?: string;
}

type Json = Record<string, unknown>;

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function list(value: unknown): Json[] {
  return Array.isArray(value)
    ? value.filter((item): item is Json => typeof item === 'object' && item !== null)
    : [];
}

/** The fields of `detail` named by `labels`, those present only. */
function fieldsOf(detail: Json, labels: [key: string, label: string][]): DetailField[] {
  return labels
    .filter(([key]) => detail[key] !== undefined && detail[key] !== '')
    .map(([key, label]) => ({ label, value: text(detail[key]) }));
}

/** A map field (ErrorInfo.metadata, QuotaFailure's dimensions) as "key=value" text. */
function mapText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  return Object.entries(value as Json)
    .map(([key, item]) => `${key}=${text(item)}`)
    .join(', ');
}

/** A protobuf Duration's JSON ("1.500s") as people read it ("1.5 s"). */
function durationText(duration: string): string {
  const seconds = /^(-?\d+(?:\.\d+)?)s$/.exec(duration)?.[1];
  if (seconds === undefined) return duration || 'now';
  return `${Number(seconds)} s`;
}

function table(caption: string, columns: [key: string, label: string][], rows: Json[]): DetailTable {
  return {
    caption,
    columns: columns.map(([, label]) => label),
    rows: rows.map((row) =>
      columns.map(([key]) => (key === 'quotaDimensions' ? mapText(row[key]) : text(row[key]))),
    ),
  };
}

/** Columns present in at least one row, so an unused optional column (reason, quota value) does not show empty. */
function usedColumns(rows: Json[], columns: [string, string][], always: number): [string, string][] {
  return columns.filter(([key], index) => index < always || rows.some((row) => text(row[key]) !== ''));
}

type Layout = (detail: Json) => Omit<DetailBlock, 'typeName'>;

const layouts: Record<string, Layout> = {
  'google.rpc.BadRequest': (detail) => {
    const rows = list(detail.fieldViolations);
    const columns = usedColumns(
      rows,
      [
        ['field', 'Field'],
        ['description', 'Description'],
        ['reason', 'Reason'],
      ],
      2,
    );
    return { title: 'Bad request', fields: [], table: table('Field violations', columns, rows) };
  },
  'google.rpc.ErrorInfo': (detail) => ({
    title: 'Error info',
    fields: [
      ...fieldsOf(detail, [
        ['reason', 'Reason'],
        ['domain', 'Domain'],
      ]),
      ...(detail.metadata ? [{ label: 'Metadata', value: mapText(detail.metadata) }] : []),
    ],
  }),
  'google.rpc.RetryInfo': (detail) => ({
    title: 'Retry info',
    fields: [{ label: 'Retry after', value: durationText(text(detail.retryDelay)) }],
  }),
  'google.rpc.QuotaFailure': (detail) => {
    const rows = list(detail.violations);
    const columns = usedColumns(
      rows,
      [
        ['subject', 'Subject'],
        ['description', 'Description'],
        ['quotaId', 'Quota'],
        ['quotaValue', 'Limit'],
        ['quotaDimensions', 'Dimensions'],
      ],
      2,
    );
    return { title: 'Quota failure', fields: [], table: table('Quota violations', columns, rows) };
  },
  'google.rpc.PreconditionFailure': (detail) => ({
    title: 'Precondition failure',
    fields: [],
    table: table(
      'Precondition violations',
      [
        ['type', 'Type'],
        ['subject', 'Subject'],
        ['description', 'Description'],
      ],
      list(detail.violations),
    ),
  }),
  'google.rpc.ResourceInfo': (detail) => ({
    title: 'Resource info',
    fields: fieldsOf(detail, [
      ['resourceType', 'Type'],
      ['resourceName', 'Name'],
      ['owner', 'Owner'],
      ['description', 'Description'],
    ]),
  }),
  'google.rpc.RequestInfo': (detail) => ({
    title: 'Request info',
    fields: fieldsOf(detail, [
      ['requestId', 'Request ID'],
      ['servingData', 'Serving data'],
    ]),
  }),
  'google.rpc.Help': (detail) => ({
    title: 'Help',
    fields: [],
    links: list(detail.links).map((link) => ({ description: text(link.description), url: text(link.url) })),
  }),
  'google.rpc.LocalizedMessage': (detail) => ({
    title: 'Localized message',
    fields: fieldsOf(detail, [
      ['locale', 'Locale'],
      ['message', 'Message'],
    ]),
  }),
  'google.rpc.DebugInfo': (detail) => ({
    title: 'Debug info',
    fields: [
      ...fieldsOf(detail, [['detail', 'Detail']]),
      ...(Array.isArray(detail.stackEntries) && detail.stackEntries.length > 0
        ? [{ label: 'Stack', value: detail.stackEntries.map(text).join('\n') }]
        : []),
    ],
  }),
};

/** One detail: its layout when the type has one, else its JSON under the type name. */
function blockOf(detail: Json): DetailBlock {
  const url = text(detail['@type']);
  const typeName = url.slice(url.lastIndexOf('/') + 1) || 'a detail without a type URL';
  const layout = layouts[typeName];
  if (layout && detail.value === undefined) return { typeName, ...layout(detail) };
  const rest = Object.fromEntries(Object.entries(detail).filter(([key]) => key !== '@type'));
  return { title: typeName, typeName, fields: [], json: JSON.stringify(rest, null, 2) };
}

/** The blocks of `details` (CallStatus.details); none when it is absent, has no details, or is not JSON. */
export function statusDetailBlocks(details: string | undefined): DetailBlock[] {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [];
  }
  const status = typeof parsed === 'object' && parsed !== null ? (parsed as Json) : {};
  return list(status.details).map(blockOf);
}
