// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeView } from '../../../../src/renderer/features/tests/OutcomeView';
import type { CallOutcome } from '../../../../src/shared/workspace';

afterEach(cleanup);

const outcome: CallOutcome = {
  callId: 'c1',
  assertions: [
    { assertion: 'status', passed: true, message: 'status is OK' },
    { assertion: 'contains', passed: false, message: 'no message contains {"payload":{"type":"RANDOM"}}' },
    { assertion: 'maxLatencyMs', passed: true, message: 'finished in 12 ms (limit 500 ms)' },
  ],
  captures: [
    { variable: 'token', value: 'abc123' },
    { variable: 'userId', problem: '$.user.id: no field "user"' },
  ],
};

const items = () =>
  within(screen.getByRole('list', { name: 'Test results' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('outcome view', () => {
  it('lists each assertion as passed or failed in words, with its message, under a summary', () => {
    render(<OutcomeView outcome={outcome} />);
    expect(screen.getByRole('status').textContent).toBe('2 of 3 passed');
    const [status, contains, latency] = items();
    expect(status).toBe('Passedstatus is OK');
    expect(contains).toBe('Failedno message contains {"payload":{"type":"RANDOM"}}');
    expect(latency).toContain('Passed');
  });

  it('shows captured values and why a capture found nothing', () => {
    render(<OutcomeView outcome={outcome} />);
    expect(items().slice(3)).toEqual([
      'Capturedtoken = abc123',
      'Not captureduserId: $.user.id: no field "user"',
    ]);
  });

  it('says when the call had no assertions', () => {
    render(
      <OutcomeView outcome={{ callId: 'c2', assertions: [], captures: [{ variable: 'x', value: '1' }] }} />,
    );
    expect(screen.getByRole('status').textContent).toBe('No assertions');
    expect(items()).toEqual(['Capturedx = 1']);
  });
});
