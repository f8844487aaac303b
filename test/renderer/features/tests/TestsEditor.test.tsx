// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestsEditor } from '../../../../src/renderer/features/tests/TestsEditor';
import type { Assertions, Capture } from '../../../../src/shared/workspace';

afterEach(cleanup);

type Tests = { captures: Capture[]; assertions: Assertions };

/** Holds the tests like the store does, and exposes the latest applied value. */
function edit(initial: Tests = { captures: [], assertions: {} }) {
  const applied = { current: initial };
  function Harness() {
    const [tests, setTests] = useState(initial);
    return (
      <TestsEditor
        {...tests}
        onChange={(next) => {
          applied.current = next;
          setTests(next);
        }}
      />
    );
  }
  const view = render(<Harness />);
  const group = screen.getByRole('group', { name: 'Tests' });
  return { applied, group, view };
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('tests editor', () => {
  it('offers Any then every gRPC status, and sets or clears the expected status', () => {
    const { applied, group } = edit();
    const status = within(group).getByRole('combobox', { name: 'Expected status' });
    const options = within(status)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('Any');
    expect(options).toHaveLength(18);
    expect(options).toContain('NOT_FOUND');
    expect(options[options.length - 1]).toBe('UNAUTHENTICATED');

    fireEvent.change(status, { target: { value: 'NOT_FOUND' } });
    expect(applied.current.assertions).toEqual({ status: 'NOT_FOUND' });
    fireEvent.change(status, { target: { value: '' } });
    expect(applied.current.assertions).toEqual({});
  });

  it('applies a whole number of milliseconds and keeps a bad one in the box without applying it', () => {
    const { applied, group } = edit();
    const latency = within(group).getByRole('textbox', { name: 'Max latency (ms)' });
    type(latency, '250');
    expect(applied.current.assertions).toEqual({ maxLatencyMs: 250 });
    type(latency, '25o');
    expect(within(group).getByText(/whole number of milliseconds/)).toBeTruthy();
    expect(latency).toHaveProperty('value', '25o');
    expect(latency.getAttribute('aria-invalid')).toBe('true');
    expect(applied.current.assertions).toEqual({ maxLatencyMs: 250 });
    type(latency, '');
    expect(applied.current.assertions).toEqual({});
    expect(within(group).queryByText(/whole number/)).toBeNull();
  });

  it('applies valid JSON for "Response contains" and shows invalid JSON inline without losing the text', () => {
    const { applied, group } = edit({ captures: [], assertions: { status: 'OK' } });
    const contains = within(group).getByRole('textbox', { name: 'Response contains (JSON)' });
    type(contains, '{"payload":{}}');
    expect(applied.current.assertions).toEqual({ status: 'OK', contains: { payload: {} } });
    // The box keeps the text as typed, not reformatted under the cursor.
    expect(contains).toHaveProperty('value', '{"payload":{}}');

    type(contains, '{"payload":{');
    expect(within(group).getByText(/Not valid JSON, not applied/)).toBeTruthy();
    expect(contains).toHaveProperty('value', '{"payload":{');
    expect(applied.current.assertions).toEqual({ status: 'OK', contains: { payload: {} } });

    // int64 values beyond 2^53 keep their digits (as a string, which proto3 JSON accepts).
    type(contains, '{"id": 9007199254740993}');
    expect(applied.current.assertions.contains).toEqual({ id: '9007199254740993' });

    type(contains, '  ');
    expect(applied.current.assertions).toEqual({ status: 'OK' });
  });

  it('adds, edits, validates and removes capture rows', () => {
    const { applied, group } = edit();
    expect(within(group).getByText('Captured values become {{variables}} for later requests.')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Add capture' }));
    const row = within(group).getByRole('group', { name: 'Capture 1' });
    // An empty row is not a capture yet, and is not scolded before anything is typed.
    expect(applied.current.captures).toEqual([]);
    expect(within(row).queryByText('Name the variable.')).toBeNull();

    type(within(row).getByRole('textbox', { name: 'Path or name' }), '$.user.id');
    expect(within(row).getByText('Name the variable.')).toBeTruthy();
    type(within(row).getByRole('textbox', { name: 'Variable' }), 'user id');
    expect(within(row).getByText(/letters, digits, _ \. -/)).toBeTruthy();
    expect(applied.current.captures).toEqual([]);
    type(within(row).getByRole('textbox', { name: 'Variable' }), 'userId');
    expect(applied.current.captures).toEqual([{ variable: 'userId', from: 'body', path: '$.user.id' }]);

    fireEvent.click(within(group).getByRole('button', { name: 'Add capture' }));
    const second = within(group).getByRole('group', { name: 'Capture 2' });
    fireEvent.change(within(second).getByRole('combobox', { name: 'From' }), {
      target: { value: 'trailer' },
    });
    type(within(second).getByRole('textbox', { name: 'Variable' }), 'req.id');
    type(within(second).getByRole('textbox', { name: 'Path or name' }), 'x-request-id');
    expect(applied.current.captures).toEqual([
      { variable: 'userId', from: 'body', path: '$.user.id' },
      { variable: 'req.id', from: 'trailer', name: 'x-request-id' },
    ]);

    fireEvent.click(within(row).getByRole('button', { name: 'Remove capture' }));
    expect(applied.current.captures).toEqual([{ variable: 'req.id', from: 'trailer', name: 'x-request-id' }]);
    expect(within(group).getByRole('textbox', { name: 'Variable' })).toHaveProperty('value', 'req.id');
  });

  it('shows saved tests, and follows when another request’s tests replace them', () => {
    const saved: Tests = {
      captures: [{ variable: 'token', from: 'header', name: 'x-token' }],
      assertions: { status: 'OK', maxLatencyMs: 500, contains: { ok: true } },
    };
    const noop = () => undefined;
    const view = render(<TestsEditor {...saved} onChange={noop} />);
    const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Expected status' }).value).toBe('OK');
    expect(field('Max latency (ms)').value).toBe('500');
    expect(JSON.parse(field('Response contains (JSON)').value)).toEqual({ ok: true });
    expect(field('Variable').value).toBe('token');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'From' }).value).toBe('header');
    expect(field('Path or name').value).toBe('x-token');

    // The same editor instance gets another request's tests (the pane is not remounted).
    view.rerender(<TestsEditor captures={[]} assertions={{ contains: [1] }} onChange={noop} />);
    expect(screen.queryByRole('group', { name: 'Capture 1' })).toBeNull();
    expect(field('Max latency (ms)').value).toBe('');
    expect(JSON.parse(field('Response contains (JSON)').value)).toEqual([1]);
  });
});
