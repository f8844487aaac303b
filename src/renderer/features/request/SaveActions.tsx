/** "Save" and "Copy as grpcurl" of the request pane, with what the last copy did. */
import { Save, SquareTerminal } from 'lucide-react';
import { useState } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { copyAsGrpcurl } from '../grpcurl/copy-grpcurl';
import { savedRequestOf } from '../../state/saved-request';
import type { TabState } from '../../state/types';

type CopyState = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; message: string };

/** The buttons (icons named by their labels, which their tooltips show); `onSave` saves in place or asks where (Ctrl/Cmd+S does the same). */
export function SaveActions(props: {
  tab: TabState;
  environment: string | undefined;
  api: Pick<ProtodeskApi, 'requestToGrpcurl'>;
  onSave(): void;
  mac: boolean;
}): React.JSX.Element {
  const { tab } = props;
  const [copy, setCopy] = useState<CopyState>({ state: 'idle' });

  const copyCommand = async (): Promise<void> => {
    try {
      await copyAsGrpcurl(props.api, savedRequestOf(tab), props.environment);
      setCopy({ state: 'copied' });
    } catch (error) {
      setCopy({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <>
      <button
        type="button"
        title={`${tab.saved ? `Save to ${tab.saved.path}` : 'Save into a collection'} (${props.mac ? '⌘S' : 'Ctrl+S'})`}
        aria-label="Save"
        className="icon-button"
        onClick={props.onSave}
      >
        <Save size={16} aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Copy as grpcurl"
        className="icon-button"
        title="Copy as grpcurl: a command making this call"
        onClick={() => void copyCommand()}
      >
        <SquareTerminal size={16} aria-hidden />
      </button>
      {copy.state === 'copied' && (
        <span className="muted" role="status">
          Copied
        </span>
      )}
      {copy.state === 'failed' && (
        <span className="pd-copy-failed" role="alert">
          Not copied: {copy.message}
        </span>
      )}
    </>
  );
}
