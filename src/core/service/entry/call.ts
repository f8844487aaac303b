/** What `protodesk call`, `list` and `describe` use of the engine: the call engine, target and TLS checks (schema loading: entry/schema). */
export { CallEngine, type CallSession } from '../../call/engine';
export { buildMetadata } from '../../connection/metadata';
export { parseTarget } from '../../connection/target';
export { encodeJson } from '../../schema/json';
export { methodKind } from '../../schema/method-tree';
export type { Schema } from '../../schema/schema';
export { channelSecurity, effectiveTls } from '../../tls/credentials';
