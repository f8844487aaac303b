/** Test data: what the engine says about itself, and a path chooser over an empty home folder. */
import type { AppInfo } from '../../../../src/shared/api/types';
import type { PathChooserApi } from '../../../../src/renderer/components/path-chooser';

/** A Linux engine in browser mode whose home and working folder are /home/me; `changes` override any of it. */
export function engineInfo(changes: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0',
    transport: 'browser',
    platform: 'linux',
    homeDir: '/home/me',
    cwd: '/home/me',
    nativeDialogs: false,
    ...changes,
  };
}

/** The path-chooser part of the engine for tests that never pick a file: no native dialog, an empty home. */
export const emptyHomeChooser: PathChooserApi = {
  app: {
    info: async () => engineInfo(),
  },
  files: {
    choosePaths: async () => null,
    listDirectory: async ({ path } = {}) => ({ path: path ?? '/home/me', entries: [] }),
  },
};
