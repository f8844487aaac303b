/** The Metadata section: the table of headers the call sends, with a line saying what goes there. */
import { MetadataTable } from '../../components/MetadataTable';
import { useAppStoreApi } from '../../state/context';
import type { TabState } from '../../state/types';

/** The table "Metadata" of the tab, and its "Add metadata" button. */
export function MetadataSection(props: { tab: Pick<TabState, 'id' | 'metadata'> }): React.JSX.Element {
  const { tab } = props;
  const actions = useAppStoreApi().getState();
  return (
    <div className="request-metadata">
      <p className="muted">
        Headers sent with the call, e.g. <code>authorization</code>; values may use {'{{variables}}'}. Keys
        ending in <code>-bin</code> take base64.
      </p>
      <MetadataTable
        label="Metadata"
        rows={tab.metadata}
        onChange={(metadata) => actions.setConnection(tab.id, { metadata })}
      />
    </div>
  );
}
