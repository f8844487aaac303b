import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The app's data folder (history, secrets, the default workspace): `$PROTODESK_DATA_DIR` when set, else the platform's
 * place for per-user settings: `$XDG_CONFIG_HOME/protodesk` or `~/.config/protodesk` (Linux),
 * `~/Library/Application Support/Protodesk` (macOS), `%APPDATA%\Protodesk` (Windows).
 */
export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.PROTODESK_DATA_DIR) return env.PROTODESK_DATA_DIR;
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Protodesk');
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Protodesk');
    default:
      return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'protodesk');
  }
}

/** The local secrets file in a data folder (browser mode and the CLI keep secret variables there, mode 0600). */
export function secretsFile(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}
