// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallButtons } from '../../../../src/renderer/features/request/CallButtons';
import type { CallPhase } from '../../../../src/renderer/state/call-phase';
import type { MethodKind } from '../../../../src/shared/schema';

afterEach(cleanup);

function buttons(kind: MethodKind, phase: CallPhase) {
  const handlers = { onSend: vi.fn(), onCancel: vi.fn(), onEndStream: vi.fn() };
  render(<CallButtons kind={kind} phase={phase} {...handlers} />);
  const state = (name: string) => {
    const button = screen.queryByRole('button', { name });
    return button ? ((button as HTMLButtonElement).disabled ? 'disabled' : 'enabled') : 'absent';
  };
  return { send: state('Send'), cancel: state('Cancel'), end: state('End stream'), handlers };
}

describe('call buttons', () => {
  it('offers Send before a unary call and Cancel while it runs, never End stream', () => {
    expect(buttons('unary', 'idle')).toMatchObject({ send: 'enabled', cancel: 'disabled', end: 'absent' });
    cleanup();
    expect(buttons('server_stream', 'running')).toMatchObject({
      send: 'disabled',
      cancel: 'enabled',
      end: 'absent',
    });
    cleanup();
    expect(buttons('unary', 'done')).toMatchObject({ send: 'enabled', cancel: 'disabled' });
  });

  it('keeps Send and End stream open while a bidi stream is open, then only Cancel after half-close', () => {
    expect(buttons('bidi', 'streaming')).toMatchObject({
      send: 'enabled',
      cancel: 'enabled',
      end: 'enabled',
    });
    cleanup();
    expect(buttons('client_stream', 'halfClosed')).toMatchObject({
      send: 'disabled',
      cancel: 'enabled',
      end: 'disabled',
    });
    cleanup();
    expect(buttons('bidi', 'starting')).toMatchObject({
      send: 'disabled',
      cancel: 'disabled',
      end: 'disabled',
    });
  });

  it('says Connecting… while the call waits for a connection, whatever its kind', () => {
    const handlers = { onSend: vi.fn(), onCancel: vi.fn(), onEndStream: vi.fn() };
    render(<CallButtons kind="unary" phase="running" connecting {...handlers} />);
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    cleanup();
    render(<CallButtons kind="bidi" phase="streaming" connecting {...handlers} />);
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    cleanup();
    render(<CallButtons kind="unary" phase="running" {...handlers} />);
    expect(screen.getByRole('status').textContent).toBe('Call running…');
  });

  it('calls the handler of the button pressed', () => {
    const { handlers } = buttons('bidi', 'streaming');
    fireEvent.click(screen.getByRole('button', { name: 'End stream' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(handlers.onEndStream).toHaveBeenCalledTimes(1);
    expect(handlers.onSend).toHaveBeenCalledTimes(1);
    expect(handlers.onCancel).not.toHaveBeenCalled();
  });
});
