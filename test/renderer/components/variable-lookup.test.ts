import { describe, expect, test } from 'vitest';
import { lookupVariable } from '../../../src/renderer/components/variable-lookup';
import type { VariableView } from '../../../src/shared/workspace';

const dev: VariableView = {
  environment: 'dev',
  variables: [
    { name: 'host', origin: 'environment', value: '127.0.0.1' },
    { name: 'session', origin: 'captured', value: 'abc' },
    { name: 'token', origin: 'secret' },
  ],
  secretsWithoutValue: ['apiKey'],
};

describe('what the page says about one variable', () => {
  test('a known one: its value and where it comes from; a secret without its value', () => {
    expect(lookupVariable(dev, 'host')).toEqual({
      kind: 'known',
      variable: { name: 'host', origin: 'environment', value: '127.0.0.1' },
      origin: "from environment 'dev'",
    });
    expect(lookupVariable(dev, 'session')).toMatchObject({ origin: 'captured from an earlier response' });
    expect(lookupVariable(dev, 'token')).toEqual({
      kind: 'known',
      variable: { name: 'token', origin: 'secret' },
      origin: "secret of environment 'dev'",
    });
  });

  test('an unknown one names the environment and the nearest known name', () => {
    expect(lookupVariable(dev, 'tokn')).toEqual({
      kind: 'unknown',
      message: "Unknown variable {{tokn}} — not in environment 'dev'. Did you mean {{token}}?",
    });
    expect(lookupVariable(dev, 'Host')).toMatchObject({
      message: expect.stringContaining('Did you mean {{host}}?'),
    });
    expect(lookupVariable(dev, 'database')).toEqual({
      kind: 'unknown',
      message: "Unknown variable {{database}} — not in environment 'dev'.",
    });
  });

  test('a secret without a stored value says to enter it', () => {
    expect(lookupVariable(dev, 'apiKey')).toEqual({
      kind: 'unknown',
      message: "The secret {{apiKey}} has no stored value in environment 'dev'. Enter it in Environments.",
    });
  });

  test('with no environment selected, the warning says to choose one', () => {
    const none: VariableView = { variables: [], secretsWithoutValue: [] };
    expect(lookupVariable(none, 'host')).toEqual({
      kind: 'unknown',
      message: 'Unknown variable {{host}} — no environment is selected. Choose one that defines it.',
    });
  });
});
