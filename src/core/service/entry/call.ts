/** What `protodesk call`, `list` and `describe` use of the engine: the call engine, schema loading, target and TLS checks. */
export { CallEngine, type CallSession } from '../../call/engine';
export { buildMetadata } from '../../connection/metadata';
export { parseTarget } from '../../connection/target';
export { encodeJson } from '../../schema/json';
export { loadSchema } from '../../schema/load';
export { methodKind } from '../../schema/method-tree';
export type { Schema } from '../../schema/schema';
export { channelSecurity, effectiveTls } from '../../tls/credentials';
