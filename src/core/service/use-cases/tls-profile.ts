import type { TlsSettings } from '../../../shared/schema';
import { WorkspaceFileError } from '../../workspace/errors';
import { profileTlsSettings } from '../../workspace/tls-profile-settings';
import type { WorkspaceFiles } from '../../workspace/workspace-files';
import type { TempArea } from '../temp-area';
import { tempPemWriter } from '../temp-pem';

/**
 * A TLS profile a call names (itself or through its environment) that cannot be read or used: the app, `protodesk
 * run`, `protodesk load --workspace` and Copy as grpcurl all say it in these words.
 */
export class TlsProfileError extends Error {
  override name = 'TlsProfileError';
  /** What to do about it, when the cause says. */
  readonly hint?: string;
  /** The workspace file at fault, when it is the profile's own file. */
  readonly path?: string;

  constructor(
    readonly profile: string,
    cause: unknown,
  ) {
    super(
      `The TLS profile "${profile}" cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    if (cause instanceof WorkspaceFileError) {
      this.path = cause.path;
      if (cause.hint !== undefined) this.hint = cause.hint;
    }
  }
}

/** Reads a workspace TLS profile, by name, as channel settings. */
export type ProfileTls = (name: string) => Promise<TlsSettings>;

/**
 * A workspace's TLS profiles as channel settings, their embedded PEM text written to private files in `temp`; a
 * profile that is missing, does not parse or lacks a required field throws TlsProfileError.
 */
export const workspaceProfileTls =
  (files: () => Promise<WorkspaceFiles> | WorkspaceFiles, temp: TempArea): ProfileTls =>
  async (name) => {
    try {
      const { value } = await (await files()).readTlsProfile(name);
      return await profileTlsSettings(value, tempPemWriter(temp));
    } catch (error) {
      throw new TlsProfileError(name, error);
    }
  };
