/**
 * Auth in what leaves the app to run elsewhere (a copied grpcurl or curl command, a load export): the metadata it sends with every
 * credential the engine would obtain written as a `{{variable}}` of its own, which the export turns into an
 * environment variable the person sets (`"$ACCESS_TOKEN"`). No token or secret is ever written out.
 */
import type { AuthSettings } from './auth';
import type { MetadataEntry } from './schema';

/** The secret variables an export's auth refers to, beside those of the environment. */
export const exportedCredentials = {
  accessToken: 'access_token',
  basicCredentials: 'basic_credentials',
} as const;

/** The auth's metadata with `{{variables}}` left for the export to fill, and the secret variables it adds. */
export function exportedAuthMetadata(settings: AuthSettings | undefined): {
  metadata: MetadataEntry[];
  secrets: string[];
} {
  switch (settings?.type) {
    case undefined:
    case 'none':
      return { metadata: [], secrets: [] };
    case 'bearer':
      return { metadata: [{ key: 'authorization', value: `Bearer ${settings.token}` }], secrets: [] };
    case 'apiKey':
      return { metadata: [{ key: settings.name.toLowerCase(), value: settings.value }], secrets: [] };
    case 'basic':
      // base64 of user:password cannot be built from shell references inside one header, so it is one variable.
      return {
        metadata: [{ key: 'authorization', value: `Basic {{${exportedCredentials.basicCredentials}}}` }],
        secrets: [exportedCredentials.basicCredentials],
      };
    default:
      return {
        metadata: [{ key: 'authorization', value: `Bearer {{${exportedCredentials.accessToken}}}` }],
        secrets: [exportedCredentials.accessToken],
      };
  }
}
