/** "Send to mock": a request tab whose source has a running mock sends there in one click (plaintext, its address). */
import { ServerCog } from 'lucide-react';
import { useStore } from 'zustand';
import { useOptionalMockStore } from './mock-context';
import { mockOfSource, type MockStore } from './mock-store';
import './mocks.css';

/** Props of SendToMock. */
export interface SendToMockProps {
  sourceId: string;
  disabled?: boolean;
  /** Points the tab at the mock's `address` and sends. */
  onSend(address: string): void;
}

/** The button, shown only while a mock of `sourceId` runs. */
export function SendToMock(props: SendToMockProps): React.JSX.Element | null {
  const store = useOptionalMockStore();
  return store ? <SendToMockButton store={store} {...props} /> : null;
}

function SendToMockButton(props: SendToMockProps & { store: MockStore }): React.JSX.Element | null {
  const mock = useStore(props.store, (state) => mockOfSource(state.mocks, props.sourceId));
  if (!mock) return null;
  return (
    <button
      type="button"
      className="pd-send-to-mock"
      disabled={props.disabled}
      title={`Set the address to the mock at ${mock.address} (plaintext) and send`}
      onClick={() => props.onSend(mock.address)}
    >
      <ServerCog aria-hidden="true" size={14} />
      Send to mock
    </button>
  );
}
