import { describe, expect, it } from 'vitest';
import { commandToken } from '../../../src/core/auth/command-token';

describe('commandToken', () => {
  it('takes the trimmed standard output of a shell command', async () => {
    const token = await commandToken({ type: 'command', command: 'printf "  tok-123\\n\\n"' }, Date.now);
    expect(token.accessToken).toBe('tok-123');
  });

  it('says why a command failed without quoting its output', async () => {
    await expect(
      commandToken(
        { type: 'command', command: 'echo secret-out; echo "not logged in" >&2; exit 3' },
        Date.now,
      ),
    ).rejects.toThrow(/^The token command failed with exit code 3: not logged in\.$/);
  });

  it('refuses a command that prints nothing', async () => {
    await expect(commandToken({ type: 'command', command: 'true' }, Date.now)).rejects.toThrow(
      /printed nothing/,
    );
  });
});
