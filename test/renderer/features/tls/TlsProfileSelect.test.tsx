// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TlsProfileSelect } from '../../../../src/renderer/features/tls/TlsProfileSelect';

afterEach(cleanup);

const options = (name: string) =>
  Array.from((screen.getByRole('combobox', { name }) as HTMLSelectElement).options).map((option) => option.text);

describe('TlsProfileSelect', () => {
  it('choose a TLS profile or the request settings, and show a missing one', () => {
    const onChange = vi.fn();
    render(<TlsProfileSelect profiles={['local-ca']} value="gone" onChange={onChange} />);
    expect(options('TLS profile')).toEqual(['Request settings', 'local-ca', 'gone (missing)']);
    fireEvent.change(screen.getByRole('combobox', { name: 'TLS profile' }), { target: { value: '' } });
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
