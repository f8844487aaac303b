import type { CallRequest } from '../../shared/call';
import { formatJsonBody } from '../../shared/json-body';
import type { TlsSettings } from '../../shared/schema';
import type { SavedRequest } from '../../shared/workspace';

/** The call a saved request describes, before its variables are filled; `defaultDeadlineMs` applies when it sets none. */
export function savedCallRequest(saved: SavedRequest, tls: TlsSettings, defaultDeadlineMs?: number): CallRequest {
  const { deadlineMs = defaultDeadlineMs, emitDefaults, gzip } = saved.options ?? {};
  return {
    target: saved.target,
    tls,
    method: saved.method,
    metadata: saved.metadata,
    requests: [formatJsonBody(saved.body)],
    options: {
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      ...(emitDefaults !== undefined ? { emitDefaults } : {}),
      ...(gzip !== undefined ? { gzip } : {}),
    },
  };
}
