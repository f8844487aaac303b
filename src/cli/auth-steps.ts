import { spawn } from 'node:child_process';
import type { DeviceCodePrompt } from '../shared/auth';
import type { UserSteps } from '../core/service/entry/auth';

/** How the command line asks for a sign-in: on stderr, so stdout keeps only the responses. */
export function cliUserSteps(err: (text: string) => void, options: { browser: boolean }): UserSteps {
  return {
    openBrowser: (url) => {
      err(`Open this URL to sign in: ${url}\n`);
      if (options.browser) openInBrowser(url);
    },
    showDeviceCode: (prompt) => err(deviceCodeText(prompt)),
  };
}

/** The device flow's request to the person: where to go and which code to enter, and until when. */
function deviceCodeText(prompt: DeviceCodePrompt): string {
  const direct = prompt.verificationUriComplete
    ? `Or open ${prompt.verificationUriComplete}, which carries the code.\n`
    : '';
  return `To sign in, open ${prompt.verificationUri} and enter the code ${prompt.userCode}\n${direct}The code works until ${prompt.expiresAt}; waiting for the sign-in…\n`;
}

/**
 * Hands the URL to the system's opener. Failing to open one is no error: the URL is printed, and a machine without
 * a desktop (ssh, CI) simply has no opener.
 */
function openInBrowser(url: string): void {
  const [program, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? // start is a cmd built-in; its first quoted argument is a window title, hence the empty one; ^ escapes &.
          ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    // Verbatim on Windows: cmd parses the line itself, and Node's quoting would reach start as part of the URL.
    const child = spawn(program, args, { stdio: 'ignore', detached: true, windowsVerbatimArguments: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // spawn itself throws only for arguments it cannot pass; the URL is on stderr either way.
  }
}
