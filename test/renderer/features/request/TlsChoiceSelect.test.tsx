// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TlsChoiceSelect } from '../../../../src/renderer/features/request/TlsChoiceSelect';

afterEach(cleanup);

const select = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'TLS' });
const options = () => Array.from(select().options).map((option) => option.text);
const groups = () => Array.from(select().querySelectorAll('optgroup')).map((group) => group.label);

describe('the top row’s TLS select', () => {
  it('without profiles lists the modes alone; choosing one sets the tab’s own TLS', () => {
    const onTls = vi.fn();
    const onProfile = vi.fn();
    render(
      <TlsChoiceSelect
        tls={{ mode: 'plaintext' }}
        profile={undefined}
        profiles={[]}
        onTls={onTls}
        onProfile={onProfile}
      />,
    );
    expect(options()).toEqual(['Plaintext', 'TLS', 'TLS with client certificate', 'Insecure TLS']);
    expect(groups()).toEqual([]);
    fireEvent.change(select(), { target: { value: 'mode:insecure' } });
    expect(onProfile).toHaveBeenCalledWith(undefined);
    expect(onTls).toHaveBeenCalledWith({ mode: 'tls', insecure: true });
  });

  it('with profiles groups them after the modes, shows the chosen one and a missing one, and chooses by name', () => {
    const onTls = vi.fn();
    const onProfile = vi.fn();
    render(
      <TlsChoiceSelect
        tls={{ mode: 'plaintext' }}
        profile="gone"
        profiles={['local-ca']}
        onTls={onTls}
        onProfile={onProfile}
      />,
    );
    expect(groups()).toEqual(['Request settings', 'TLS profiles']);
    expect(options()).toEqual([
      'Plaintext',
      'TLS',
      'TLS with client certificate',
      'Insecure TLS',
      'local-ca',
      'gone (missing)',
    ]);
    expect(select().selectedOptions[0]?.text).toBe('gone (missing)');
    fireEvent.change(select(), { target: { value: 'profile:local-ca' } });
    expect(onProfile).toHaveBeenCalledWith('local-ca');
    expect(onTls).not.toHaveBeenCalled();
  });
});
