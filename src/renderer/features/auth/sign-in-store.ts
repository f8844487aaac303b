/**
 * What a sign-in asks of the person, from the engine's events: the OAuth 2.0 sign-in page to open (opened at once in a
 * new tab, or the system browser in the desktop app, and offered as a link for popup blockers) and the device flow's
 * code. Both go once the work that needed them is over: every "Get new token" tracked here, and every Send starting.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { DeviceCodePrompt } from '../../../shared/auth';

export interface SignInState {
  /** The sign-in page the engine waits on. */
  signInUrl?: string;
  deviceCode?: DeviceCodePrompt;
  /** Token requests of this page in flight. */
  waiting: number;
  /** A Send is starting (it may be the one signing in). */
  starting: boolean;
}

export interface SignInActions {
  /** Subscribes to the engine's sign-in events; returns the disposer. */
  start(): () => void;
  /** Runs a token request, keeping the prompts up while it lasts. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Whether a Send is starting, as the app store says. */
  setStarting(starting: boolean): void;
  /** The person closed the prompts. */
  dismiss(): void;
}

export type SignInStore = StoreApi<SignInState & SignInActions>;

/** Opens a page outside the app: a new tab, or (the desktop app's window-open handler) the system browser. */
export type OpenPage = (url: string) => void;

const openInNewTab: OpenPage = (url) => {
  // Only the page the person is looking at: every open page of the app gets the event.
  if (document.visibilityState === 'visible') window.open(url, '_blank', 'noopener');
};

/** Creates the store over the engine's events. */
export function createSignInStore(
  api: Pick<ProtodeskApi, 'onEvent'>,
  open: OpenPage = openInNewTab,
): SignInStore {
  return createStore<SignInState & SignInActions>()((set, get) => {
    const busy = (): boolean => get().waiting > 0 || get().starting;
    /** After a change of what is in flight: nothing left, no prompt left. */
    const settle = (wasBusy: boolean): void => {
      if (wasBusy && !busy()) set({ signInUrl: undefined, deviceCode: undefined });
    };
    return {
      waiting: 0,
      starting: false,
      start: () =>
        api.onEvent((event) => {
          if (event.type === 'authSignIn') {
            set({ signInUrl: event.url });
            open(event.url);
          } else if (event.type === 'authDeviceCode') set({ deviceCode: event.prompt });
        }),
      async track(work) {
        set((state) => ({ waiting: state.waiting + 1 }));
        try {
          return await work;
        } finally {
          const wasBusy = busy();
          set((state) => ({ waiting: state.waiting - 1 }));
          settle(wasBusy);
        }
      },
      setStarting(starting) {
        const wasBusy = busy();
        set({ starting });
        settle(wasBusy);
      },
      dismiss: () => set({ signInUrl: undefined, deviceCode: undefined }),
    };
  });
}
