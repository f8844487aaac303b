// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PathChooserProvider } from '../../../../src/renderer/components/path-chooser';
import { AuthEditor } from '../../../../src/renderer/features/auth/AuthEditor';
import type { AuthSettings } from '../../../../src/shared/auth';
import { emptyHomeChooser } from '../import/engine-info';

afterEach(cleanup);

/** The editor over its own state; `seen` records every value it handed out. */
function Editor(props: { initial?: AuthSettings; seen: (AuthSettings | undefined)[] }) {
  const [value, setValue] = useState(props.initial);
  return (
    <PathChooserProvider api={emptyHomeChooser}>
      <AuthEditor
        value={value}
        savedInto="the request file"
        onChange={(next) => {
          props.seen.push(next);
          setValue(next);
        }}
      />
    </PathChooserProvider>
  );
}

const type = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Auth type' });
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const choose = (select: HTMLElement, value: string) => fireEvent.change(select, { target: { value } });
const last = (seen: (AuthSettings | undefined)[]) => seen[seen.length - 1];

describe('the auth editor', () => {
  it('starts at "Inherit from parent" and offers every type', () => {
    render(<Editor seen={[]} />);
    expect(type().value).toBe('inherit');
    expect(
      within(type())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Inherit from parent',
      'None',
      'Bearer token',
      'Basic',
      'API key',
      'OAuth 2.0',
      'JWT (signed here)',
      'Command',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('gives each type its fields and keeps what was typed for a type when switching back', () => {
    const seen: (AuthSettings | undefined)[] = [];
    render(<Editor seen={seen} />);
    choose(type(), 'basic');
    fireEvent.change(box('Username'), { target: { value: 'ada' } });
    fireEvent.change(box('Password'), { target: { value: '{{password}}' } });
    expect(last(seen)).toEqual({ type: 'basic', username: 'ada', password: '{{password}}' });
    choose(type(), 'apiKey');
    expect(box('Metadata key').value).toBe('x-api-key');
    choose(type(), 'basic');
    expect(box('Username').value).toBe('ada');
    choose(type(), 'inherit');
    expect(last(seen)).toBeUndefined();
  });

  it('warns when a secret’s field holds typed text instead of a {{variable}}, naming the file', () => {
    render(<Editor seen={[]} initial={{ type: 'bearer', token: '{{token}}' }} />);
    const warning = /this secret is saved into the request file as it is/;
    expect(screen.queryByText(warning)).toBeNull();
    fireEvent.change(box('Token'), { target: { value: 'eyJhbGciOi.literal' } });
    const shown = screen.getByText(warning);
    expect(box('Token').getAttribute('aria-describedby')).toContain(shown.id);
    fireEvent.change(box('Token'), { target: { value: ' {{token}} ' } });
    expect(screen.queryByText(warning)).toBeNull();
  });

  it('OAuth 2.0: the grant decides the URL fields; an issuer hides them; the client secret is optional and a secret, sent as the client authentication says', () => {
    const seen: (AuthSettings | undefined)[] = [];
    render(<Editor seen={seen} />);
    choose(type(), 'oauth2');
    expect(screen.getByText('Give the issuer, or the token URL.')).toBeTruthy();
    expect(screen.getByText('Enter the client id.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Authorization URL' })).toBeNull();
    choose(screen.getByRole('combobox', { name: 'Grant' }), 'authorizationCode');
    expect(box('Authorization URL')).toBeTruthy();
    fireEvent.change(box('Issuer'), { target: { value: 'http://127.0.0.1:4000' } });
    expect(screen.queryByRole('textbox', { name: 'Token URL' })).toBeNull();
    fireEvent.change(box('Client ID'), { target: { value: 'protodesk-app' } });
    fireEvent.change(box('Scope'), { target: { value: 'openid api:read' } });
    expect(last(seen)).toEqual({
      type: 'oauth2',
      flow: 'authorizationCode',
      issuer: 'http://127.0.0.1:4000',
      clientId: 'protodesk-app',
      scope: 'openid api:read',
    });
    fireEvent.change(box('Client secret'), { target: { value: 'plain' } });
    expect(screen.getByText(/this secret is saved into the request file/)).toBeTruthy();
    fireEvent.click(screen.getByText('Audience, resource and client authentication'));
    choose(screen.getByRole('combobox', { name: 'Client authentication' }), 'post');
    expect(last(seen)).toMatchObject({ clientSecret: 'plain', clientAuth: 'post' });
    fireEvent.change(box('Client secret'), { target: { value: '' } });
    expect(last(seen)).not.toHaveProperty('clientSecret');
    const keep = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Keep the token after Protodesk quits',
    });
    fireEvent.click(keep);
    expect(last(seen)).toMatchObject({ keepToken: true });
    fireEvent.click(keep);
    expect(last(seen)).not.toHaveProperty('keepToken');
  });

  it('JWT: a secret for HS256, a key file for RS256; claims that are not a JSON object and bad lifetimes are named', () => {
    const seen: (AuthSettings | undefined)[] = [];
    render(<Editor seen={seen} />);
    choose(type(), 'jwt');
    expect(box('Secret')).toBeTruthy();
    choose(screen.getByRole('combobox', { name: 'Algorithm' }), 'RS256');
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
    expect(box('Private key file')).toBeTruthy();
    fireEvent.change(box('Claims (JSON)'), { target: { value: '["sub"]' } });
    expect(screen.getByText(/The claims must be a JSON object/)).toBeTruthy();
    fireEvent.change(box('Claims (JSON)'), { target: { value: '{"sub": "{{user}}"' } });
    expect(screen.getByText(/The claims are not JSON/)).toBeTruthy();
    fireEvent.change(box('Lifetime (s)'), { target: { value: '0' } });
    expect(screen.getByText(/whole number of seconds from 1/)).toBeTruthy();
    expect(last(seen)).not.toHaveProperty('lifetimeSeconds');
    fireEvent.change(box('Lifetime (s)'), { target: { value: '600' } });
    expect(last(seen)).toMatchObject({ algorithm: 'RS256', lifetimeSeconds: 600 });
  });

  it('Command: the command is required; an empty reuse time is the default', () => {
    const seen: (AuthSettings | undefined)[] = [];
    render(<Editor seen={seen} initial={{ type: 'command', command: 'print-token', cacheSeconds: 60 }} />);
    expect(box('Reuse the token for (s)').value).toBe('60');
    fireEvent.change(box('Reuse the token for (s)'), { target: { value: '' } });
    expect(last(seen)).toEqual({ type: 'command', command: 'print-token' });
    fireEvent.change(box('Command'), { target: { value: ' ' } });
    expect(screen.getByText('Enter the command.')).toBeTruthy();
  });
});
