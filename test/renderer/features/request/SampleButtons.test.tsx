// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SampleButtons } from '../../../../src/renderer/features/request/SampleButtons';
import type { TabState } from '../../../../src/renderer/state/types';
import { FULL_SAMPLE, SAMPLE, unaryCall } from '../../state/engine-stub';

afterEach(cleanup);

const template = { method: unaryCall, sample: SAMPLE, fullSample: FULL_SAMPLE, jsonSchema: {} };
type ButtonsTab = Pick<TabState, 'saved' | 'keepText' | 'dirty' | 'requestText' | 'template'>;
const untouched: ButtonsTab = {
  saved: undefined,
  keepText: false,
  dirty: false,
  requestText: SAMPLE,
  template,
};

function show(tab: Partial<ButtonsTab>) {
  const handlers = { onReset: vi.fn(), onFill: vi.fn() };
  render(<SampleButtons tab={{ ...untouched, ...tab }} {...handlers} />);
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { reset: button('Reset to sample'), fill: button('Fill every field'), handlers };
}

describe('sample buttons', () => {
  it('offers "Fill every field" beside "Reset to sample" on a tab that still holds the minimal sample', () => {
    const { reset, fill, handlers } = show({});
    expect(reset.disabled).toBe(true);
    expect(fill.disabled).toBe(false);
    expect(reset.nextElementSibling).toBe(fill);
    fireEvent.click(fill);
    expect(handlers.onFill).toHaveBeenCalledTimes(1);
    expect(handlers.onReset).not.toHaveBeenCalled();
  });

  it('offers Reset once every field is filled, and Fill no more', () => {
    const { reset, fill, handlers } = show({ requestText: FULL_SAMPLE, dirty: true });
    expect(fill.disabled).toBe(true);
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    expect(handlers.onReset).toHaveBeenCalledTimes(1);
  });

  it('cannot fill before the method sample has loaded', () => {
    expect(show({ template: undefined, requestText: '' }).fill.disabled).toBe(true);
  });
});
