import { spawn } from 'node:child_process';
import type { CommandSettings } from '../../shared/auth';
import { AuthError } from './errors';
import { withJwtExpiry, type Token } from './token';

/** How long a token command may run. */
const commandTimeoutMs = 60_000;

/** Runs the command in the shell and takes its trimmed standard output as the token. */
export function commandToken(settings: CommandSettings, now: () => number): Promise<Token> {
  return new Promise((resolve, reject) => {
    const child = spawn(settings.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: commandTimeoutMs,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', (error) =>
      reject(new AuthError(`The token command could not start: ${error.message}.`, 'Check the command.')),
    );
    child.on('close', (code, signal) => {
      if (signal !== null)
        return reject(
          new AuthError(
            `The token command was stopped (${signal})${signal === 'SIGTERM' ? ` after ${commandTimeoutMs / 1000} s` : ''}.`,
            'Make sure it prints the token and exits without asking for input.',
          ),
        );
      // Its last line of errors says why; its output is not quoted, as it may be a token.
      const why = err.trim().split('\n').pop();
      if (code !== 0)
        return reject(
          new AuthError(
            `The token command failed with exit code ${code}${why ? `: ${why}` : ''}.`,
            'Run it in a terminal to see what it needs.',
          ),
        );
      const token = out.trim();
      if (token === '')
        return reject(
          new AuthError('The token command printed nothing.', 'It must print the token on standard output.'),
        );
      resolve(withJwtExpiry({ accessToken: token, obtainedAt: now() }));
    });
  });
}
