import { describe, expect, it } from 'vitest';
import { createSignInStore } from '../../../../src/renderer/features/auth/sign-in-store';
import type { ApiEvent } from '../../../../src/shared/api/types';

/** The engine's event stream, pushed by hand. */
function events() {
  const listeners = new Set<(event: ApiEvent) => void>();
  return {
    api: {
      onEvent(listener: (event: ApiEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    push: (event: ApiEvent) => listeners.forEach((listener) => listener(event)),
  };
}

const prompt = {
  userCode: 'WDJB-MJHT',
  verificationUri: 'http://127.0.0.1:4000/device',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

/** A promise and its resolver. */
function deferred() {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the sign-in prompts', () => {
  it('open the sign-in page once and keep its link until the token request that needed it ends', async () => {
    const { api, push } = events();
    const opened: string[] = [];
    const store = createSignInStore(api, (url) => opened.push(url));
    store.getState().start();
    const token = deferred();
    const tracked = store.getState().track(token.promise);
    push({ type: 'authSignIn', url: 'http://127.0.0.1:4000/auth?client_id=app' });
    expect(opened).toEqual(['http://127.0.0.1:4000/auth?client_id=app']);
    expect(store.getState().signInUrl).toBe('http://127.0.0.1:4000/auth?client_id=app');
    token.resolve();
    await tracked;
    expect(store.getState().signInUrl).toBeUndefined();
  });

  it('keep the device code up while a Send is starting, and close it when the Send has started', () => {
    const { api, push } = events();
    const store = createSignInStore(api, () => undefined);
    store.getState().start();
    store.getState().setStarting(true);
    push({ type: 'authDeviceCode', prompt });
    expect(store.getState().deviceCode).toEqual(prompt);
    store.getState().setStarting(false);
    expect(store.getState().deviceCode).toBeUndefined();
  });

  it('a prompt for work this page did not start (another tab of the app, a load test) stays until hidden', () => {
    const { api, push } = events();
    const store = createSignInStore(api, () => undefined);
    store.getState().start();
    push({ type: 'authDeviceCode', prompt });
    store.getState().setStarting(false);
    expect(store.getState().deviceCode).toEqual(prompt);
    store.getState().dismiss();
    expect(store.getState().deviceCode).toBeUndefined();
  });
});
