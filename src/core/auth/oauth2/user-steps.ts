import type { DeviceCodePrompt } from '../../../shared/auth';

/** What needs a person during a flow: the front door (app, browser mode, CLI) decides how it is shown. */
export interface UserSteps {
  /** Opens the authorization page: the system browser, a tab, or a URL printed to open. */
  openBrowser: (url: string) => void | Promise<void>;
  /** Shows the device flow's code. */
  showDeviceCode: (prompt: DeviceCodePrompt) => void;
  /** How long to wait for the person; absent: 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const defaultSignInTimeoutMs = 5 * 60_000;
