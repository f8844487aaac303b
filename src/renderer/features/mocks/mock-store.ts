/**
 * The Mocks view's own state: the engine's running mocks (kept in step by its `mocks` events), each one's live log of
 * calls (newest first, the last `keptLogEntries`), the start form, and which method's rules are open in the editor.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiPick, ProtodeskApi } from '../../../shared/api/contract';
import { toFailure } from '../../../shared/api/errors';
import type { ApiEvent, ApiFailure } from '../../../shared/api/types';
import type { MockFallback, MockLogEntry } from '../../../shared/mock';
import type { RunningMock } from '../../../shared/mock-control';

/** The operations the store uses. */
export type MockStoreApi = ApiPick<'mocks.start' | 'mocks.stop' | 'mocks.list'> &
  Pick<ProtodeskApi, 'onEvent'>;

/** How many calls each mock's log keeps for the view. */
export const keptLogEntries = 500;

/** The form's choice of serving every loaded source in one mock (no source id looks like it). */
export const everySource = '*';

/** The start form, as typed. */
export interface MockForm {
  /** The source to serve, or `everySource`; absent: the first loaded one. */
  sourceId?: string;
  /** As typed: empty or 0 is a free port. */
  port: string;
  fallback: MockFallback;
}

/** A method whose stub file is open in the rules editor. */
export interface OpenRules {
  sourceId: string;
  /** `pkg.Service/Method`. */
  method: string;
  /** Why it opened, said in the panel (e.g. the rule Mock this response added). */
  note?: string;
}

/** The view's state. */
export interface MockState {
  mocks: RunningMock[];
  /** Calls by mock id, newest first. */
  logs: Record<string, MockLogEntry[]>;
  form: MockForm;
  starting: boolean;
  /** Why the last start or stop failed, until the next one. */
  failure?: ApiFailure;
  rules?: OpenRules;
}

/** What the view can do. */
export interface MockActions {
  /** Listens to the engine's mock events and lists the running mocks; returns the disposer. */
  start(): () => void;
  setForm(change: Partial<MockForm>): void;
  /** Starts a mock of a loaded source, or of every loaded source (the workspace's schema) for `everySource`. */
  startMock(sourceId: string): Promise<void>;
  stopMock(mockId: string): Promise<void>;
  clearLog(mockId: string): void;
  openRules(rules: OpenRules | undefined): void;
  dismissFailure(): void;
}

/** The store. */
export type MockStore = StoreApi<MockState & MockActions>;

/** The port the form names: 0 for empty; undefined when it is not a port number. */
export function formPort(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port <= 65_535 ? port : undefined;
}

/** The running mock serving a source, if any (the newest when several do). */
export function mockOfSource(mocks: RunningMock[], sourceId: string): RunningMock | undefined {
  return mocks.filter((mock) => mock.sourceIds.includes(sourceId)).pop();
}

let mockCounter = 0;

/** A mock id unique in the engine: mocks are shared by every page (Chromium 83 has no crypto.randomUUID). */
function newMockId(): string {
  mockCounter += 1;
  return `mock-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${mockCounter}`;
}

/** Creates the store over `api`. */
export function createMockStore(api: MockStoreApi): MockStore {
  return createStore<MockState & MockActions>()((set, get) => {
    const setMocks = (mocks: RunningMock[]): void =>
      set((state) => {
        // A stopped mock's log goes with it.
        const running = new Set(mocks.map((mock) => mock.mockId));
        const logs = Object.fromEntries(Object.entries(state.logs).filter(([id]) => running.has(id)));
        return { mocks, logs };
      });
    const onEvent = (event: ApiEvent): void => {
      if (event.type === 'mocks') setMocks(event.mocks);
      else if (event.type === 'mockCall')
        set((state) => ({
          logs: {
            ...state.logs,
            [event.mockId]: [event.entry, ...(state.logs[event.mockId] ?? [])].slice(0, keptLogEntries),
          },
        }));
      else if (event.type === 'mockProblems')
        set((state) => ({
          mocks: state.mocks.map((mock) =>
            mock.mockId === event.mockId ? { ...mock, problems: event.problems } : mock,
          ),
        }));
    };
    return {
      mocks: [],
      logs: {},
      form: { port: '', fallback: 'sample' },
      starting: false,
      start() {
        const unsubscribe = api.onEvent(onEvent);
        api.mocks.list().then(setMocks, (error: unknown) => set({ failure: toFailure(error) }));
        return unsubscribe;
      },
      setForm: (change) => set((state) => ({ form: { ...state.form, ...change } })),
      async startMock(sourceId) {
        const { form } = get();
        const port = formPort(form.port);
        if (port === undefined) {
          set({
            failure: {
              kind: 'invalidRequest',
              message: `"${form.port}" is not a port.`,
              hint: 'Give a number from 1 to 65535, or leave it empty for a free port.',
            },
          });
          return;
        }
        set({ starting: true, failure: undefined });
        try {
          const mock = await api.mocks.start({
            mockId: newMockId(),
            ...(sourceId === everySource ? {} : { sourceId }),
            port,
            fallback: form.fallback,
          });
          // The `mocks` event may come first or later: either way the mock is listed once.
          set((state) => ({
            mocks: state.mocks.some((m) => m.mockId === mock.mockId) ? state.mocks : [...state.mocks, mock],
          }));
        } catch (error) {
          set({ failure: toFailure(error) });
        } finally {
          set({ starting: false });
        }
      },
      async stopMock(mockId) {
        set({ failure: undefined });
        try {
          await api.mocks.stop({ mockId });
          setMocks(get().mocks.filter((mock) => mock.mockId !== mockId));
        } catch (error) {
          set({ failure: toFailure(error) });
        }
      },
      clearLog: (mockId) => set((state) => ({ logs: { ...state.logs, [mockId]: [] } })),
      openRules: (rules) => set({ rules }),
      dismissFailure: () => set({ failure: undefined }),
    };
  });
}
