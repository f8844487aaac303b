// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutsSheet } from '../../../../src/renderer/features/shortcuts/ShortcutsSheet';

afterEach(cleanup);

describe('ShortcutsSheet', () => {
  it('is a dialog named "Keyboard shortcuts" listing each action with its keys, closed by Close', () => {
    const onClose = vi.fn();
    render(<ShortcutsSheet mac={false} onClose={onClose} />);
    const row = screen.getByRole('row', { name: /Save the request/ });
    expect(row.textContent).toContain('Ctrl');
    expect(row.textContent).toContain('S');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
