// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VariableScopeProvider, type VariableScope } from '../../../src/renderer/components/variable-scope';
import { VariableTextField } from '../../../src/renderer/components/VariableTextField';

afterEach(cleanup);

function Field(props: { initial: string; scope?: VariableScope }) {
  const [value, setValue] = useState(props.initial);
  const field = <VariableTextField aria-label="Server address" value={value} onChange={setValue} />;
  return props.scope ? <VariableScopeProvider value={props.scope}>{field}</VariableScopeProvider> : field;
}

/** A scope over environment "dev" whose Reveal asks `revealSecret` and keeps the answer, as the loader does. */
function devScope(revealSecret: (name: string) => Promise<string>): () => VariableScope {
  let revealed = new Map<string, string>();
  return () => ({
    view: {
      environment: 'dev',
      variables: [
        { name: 'host', origin: 'environment', value: '127.0.0.1' },
        { name: 'token', origin: 'secret' },
      ],
      secretsWithoutValue: [],
    },
    revealed,
    reveal: async (name) => {
      revealed = new Map(revealed).set(name, await revealSecret(name));
    },
    hide: () => undefined,
  });
}

const address = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Server address' });

describe('VariableTextField', () => {
  it('without a variable scope it is a plain textbox', () => {
    const { container } = render(<Field initial="{{host}}" />);
    expect(address().value).toBe('{{host}}');
    expect(container.querySelector('.pd-variable-field')).toBeNull();
  });

  it('marks each variable, unknown ones apart, and describes the textbox with their warning', () => {
    const scope = devScope(() => Promise.reject(new Error('not asked')))();
    const { container } = render(<Field initial="{{host}}:{{prt}}" scope={scope} />);
    const tokens = [...container.querySelectorAll('.pd-variable-token')].map((node) => [
      node.textContent,
      node.className,
    ]);
    expect(tokens).toEqual([
      ['{{host}}', 'pd-variable-token'],
      ['{{prt}}', 'pd-variable-token pd-variable-unknown'],
    ]);
    const description = document.getElementById(address().getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe("Unknown variable {{prt}} — not in environment 'dev'.");
    fireEvent.change(address(), { target: { value: '{{host}}:50051' } });
    expect(address().getAttribute('aria-describedby')).toBeNull();
  });

  it('on focus lists the values; a secret stays masked until Reveal, which asks for it once', async () => {
    const revealSecret = vi.fn(() => Promise.resolve('hunter22'));
    const makeScope = devScope(revealSecret);
    const { rerender } = render(<Field initial="{{host}} {{token}}" scope={makeScope()} />);
    act(() => address().focus());
    const popover = await screen.findByRole('dialog', { name: 'Variables in Server address' });
    expect(popover.textContent).toContain("127.0.0.1from environment 'dev'");
    expect(popover.textContent).toContain('••••••');
    expect(document.body.innerHTML).not.toContain('hunter22');
    await act(async () => fireEvent.click(within(popover).getByRole('button', { name: 'Reveal token' })));
    expect(revealSecret).toHaveBeenCalledOnce();
    rerender(<Field initial="{{host}} {{token}}" scope={makeScope()} />);
    expect(screen.getByRole('dialog', { name: 'Variables in Server address' }).textContent).toContain(
      'hunter22',
    );
  });
});
