/** A short line under a new tab's address saying where the address was inherited from (gone once it is edited). */
import { useAppStore } from '../../state/context';
import type { TabState } from '../../state/types';

/** The hint, or nothing when the address is the user's own. */
export function AddressOrigin(props: { id: string; tab: TabState }): React.JSX.Element | null {
  const { tab } = props;
  const label =
    useAppStore((state) => state.sources.find((s) => s.id === tab.sourceId)?.label) ?? 'this source';
  if (!tab.addressFrom) return null;
  return (
    <p id={props.id} className="address-origin muted">
      {tab.addressFrom === 'lastCall'
        ? `Address${tab.protocol ? ', protocol' : ''} and TLS from your last call to ${label}.`
        : `Address, TLS and metadata from the reflection source ${label}.`}
    </p>
  );
}
