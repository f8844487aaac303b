/** "Send to mock": a request tab whose source has a running mock sends there in one click (plaintext, its address). */
import { ServerCog } from 'lucide-react';
import { useMockStore } from './mock-context';
import { mockOfSource } from './mock-store';

/** The button, shown only while a mock of `sourceId` runs; `onSend` points the tab at `address` and sends. */
export function SendToMock(props: {
  sourceId: string;
  disabled?: boolean;
  onSend(address: string): void;
}): React.JSX.Element | null {
  const mock = useMockStore((state) => mockOfSource(state.mocks, props.sourceId));
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
