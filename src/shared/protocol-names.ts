import type { CallProtocol } from './call';

/** What the page, the CLI and the engine's messages call each protocol: one spelling everywhere. */
const names: Record<CallProtocol, string> = {
  grpc: 'gRPC',
  'grpc-web': 'gRPC-Web',
  'grpc-web-text': 'gRPC-Web (text)',
  connect: 'Connect',
};

/** The protocol's display name, e.g. `gRPC-Web (text)`. */
export function protocolName(protocol: CallProtocol): string {
  return names[protocol];
}

/** The app's setting for HTTP/2 prior knowledge in plaintext; hints name it so users find the checkbox. */
export const h2cSettingName = 'HTTP/2 (h2c)';

/** Where to switch h2c, in the app and in the CLI, for hints that tell the user to switch it. */
export const h2cSwitches = `the "${h2cSettingName}" setting in the app, --http2 in the CLI`;
