// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnvironmentSelect } from '../../../../src/renderer/features/environments/EnvironmentSelect';

afterEach(cleanup);

const options = (name: string) =>
  Array.from((screen.getByRole('combobox', { name }) as HTMLSelectElement).options).map(
    (option) => option.text,
  );

describe('EnvironmentSelect', () => {
  it('choose an environment, or none', () => {
    const onChange = vi.fn();
    render(<EnvironmentSelect environments={['dev', 'prod']} value="dev" onChange={onChange} />);
    expect(options('Environment')).toEqual(['No environment', 'dev', 'prod']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Environment' }), { target: { value: 'prod' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Environment' }), { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['prod'], [undefined]]);
  });
});
