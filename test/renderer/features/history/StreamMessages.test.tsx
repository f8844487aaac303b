// @vitest-environment happy-dom
// The list of a stream reopened from history above the request editor: which message the editor shows, what Send
// does, and how many messages history did not keep.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamMessages } from '../../../../src/renderer/features/history/StreamMessages';

afterEach(cleanup);

describe('StreamMessages', () => {
  it('offers each message for the editor and says Send sends them all', () => {
    const onShow = vi.fn();
    render(
      <StreamMessages
        list={{ messages: ['{}', '{}', '{}'], current: 0, dropped: 0 }}
        onShow={onShow}
        onForget={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: 'Messages from history' });
    expect(group.textContent).toContain('Send sends all 3.');
    fireEvent.change(screen.getByRole('combobox', { name: 'Message in the editor' }), {
      target: { value: '2' },
    });
    expect(onShow).toHaveBeenCalledWith(2);
  });

  it('says how many messages history left out of a long stream', () => {
    const onForget = vi.fn();
    render(
      <StreamMessages
        list={{ messages: ['{}', '{}'], current: 1, dropped: 1234 }}
        onShow={vi.fn()}
        onForget={onForget}
      />,
    );
    expect(screen.getByRole('group').textContent).toContain(
      'History kept the first 2; 1,234 later ones were not kept.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send only this one' }));
    expect(onForget).toHaveBeenCalled();
  });
});
