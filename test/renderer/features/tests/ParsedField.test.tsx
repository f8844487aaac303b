// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ParsedField } from '../../../../src/renderer/features/tests/ParsedField';
import type { Parsed } from '../../../../src/renderer/features/tests/ParsedField';

afterEach(cleanup);

const parseYes = (text: string): Parsed<boolean> =>
  text === 'yes' ? { ok: true, value: true } : { ok: false, problem: 'Type yes.' };

describe('parsed field', () => {
  it('applies text that parses and keeps text that does not, saying why', () => {
    const onChange = vi.fn();
    render(
      <ParsedField
        label="Agree"
        value={true}
        onChange={onChange}
        toText={() => 'yes'}
        parse={parseYes}
        placeholder="yes"
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Agree' });
    expect(box).toHaveProperty('value', 'yes');
    fireEvent.change(box, { target: { value: 'no' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'no');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Type yes.').id).toBe(box.getAttribute('aria-describedby'));
    fireEvent.change(box, { target: { value: 'yes' } });
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.queryByText('Type yes.')).toBeNull();
  });

  it('is a multi-line textarea when asked', () => {
    render(
      <ParsedField
        label="Agree"
        multiline
        value={true}
        onChange={vi.fn()}
        toText={() => 'yes'}
        parse={parseYes}
        placeholder=""
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Agree' }).tagName).toBe('TEXTAREA');
  });
});
