// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandPalette } from '../../../../src/renderer/features/palette/CommandPalette';
import { paletteItems } from '../../../../src/renderer/features/palette/palette-items';
import { testSource } from '../../state/engine-stub';

afterEach(cleanup);

function open() {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  render(<CommandPalette items={paletteItems([testSource])} onOpen={onOpen} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Go to method' });
  const input = within(dialog).getByRole('textbox', { name: 'Method' });
  return { dialog, input, onOpen, onClose };
}

const optionNames = () =>
  screen.getAllByRole('option').map((o) => o.querySelector('.palette-name')?.textContent);

describe('command palette', () => {
  it('focuses the method box and lists every loaded method', () => {
    const { input } = open();
    expect(document.activeElement).toBe(input);
    expect(optionNames()).toEqual(['FullDuplexCall', 'UnaryCall']);
  });

  it('filters by subsequence of the full name and opens the first match on Enter', () => {
    const { input, onOpen } = open();
    fireEvent.change(input, { target: { value: 'tsunary' } });
    expect(optionNames()).toEqual(['UnaryCall']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ sourceId: 'src-1', method: expect.objectContaining({ name: 'UnaryCall' }) }),
    );
  });

  it('moves the choice with the arrow keys, wrapping around', () => {
    const { input, onOpen } = open();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('UnaryCall');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('FullDuplexCall');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen.mock.calls[0]?.[0].method.name).toBe('UnaryCall');
  });

  it('says when nothing matches, and closes on Esc', () => {
    const { input, onClose, onOpen } = open();
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No method matches.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('finds commands by what is typed, before the methods, and runs the one chosen', () => {
    const run = vi.fn();
    const onOpen = vi.fn();
    render(
      <CommandPalette
        items={paletteItems([testSource])}
        commands={[{ label: 'Paste grpcurl command', run }]}
        onOpen={onOpen}
        onClose={vi.fn()}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Method' });
    expect(screen.queryByRole('option', { name: /Paste grpcurl command/ })).toBeNull();
    fireEvent.change(input, { target: { value: 'paste' } });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Paste grpcurl command');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(run).toHaveBeenCalledOnce();
    expect(onOpen).not.toHaveBeenCalled();
  });
});
