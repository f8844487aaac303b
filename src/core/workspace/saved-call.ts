import type { CallRequest } from '../../shared/call';
import { formatJsonBody } from '../../shared/json-body';
import type { TlsSettings } from '../../shared/schema';
import type { SavedRequest } from '../../shared/workspace';

/**
 * The call a saved request describes, before its variables are filled; `defaultDeadlineMs` applies when it sets none.
 * A request without a protocol of its own has none here either, so its environment's protocol can apply.
 */
export function savedCallRequest(
  saved: SavedRequest,
  tls: TlsSettings,
  defaultDeadlineMs?: number,
): CallRequest {
  const { deadlineMs = defaultDeadlineMs, emitDefaults, gzip, http2 } = saved.options ?? {};
  return {
    target: saved.target,
    tls,
    method: saved.method,
    metadata: saved.metadata,
    requests: [formatJsonBody(saved.body)],
    ...(saved.protocol !== undefined ? { protocol: saved.protocol } : {}),
    options: {
      ...(deadlineMs !== undefined ? { deadlineMs } : {}),
      ...(emitDefaults !== undefined ? { emitDefaults } : {}),
      ...(gzip !== undefined ? { gzip } : {}),
      ...(http2 !== undefined ? { http2 } : {}),
    },
  };
}
