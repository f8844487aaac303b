/** "Save", "Copy as grpcurl" and (for Connect unary calls) "Copy as curl" of the request pane, with what the last copy did. */
import { Save, SquareTerminal, Terminal } from 'lucide-react';
import { useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import { useVariableScope } from '../../components/variable-scope';
import { copyAsCurl } from '../grpcurl/copy-curl';
import { copyAsGrpcurl } from '../grpcurl/copy-grpcurl';
import { curlUnavailable } from '../../../shared/curl-command';
import { useAppStore } from '../../state/context';
import { effectiveProtocol, isWebProtocol } from '../../state/protocol';
import { protocolName } from '../../../shared/protocol-names';
import { tlsProfileInUse } from '../../../shared/tls-profile';
import { savedRequestOf } from '../../state/saved-request';
import type { TabState } from '../../state/types';

type CopyState = { state: 'idle' } | { state: 'copied' } | { state: 'failed'; message: string };

/** The buttons (icons named by their labels, which their tooltips show); `onSave` saves in place or asks where (Ctrl/Cmd+S does the same). */
export function SaveActions(props: {
  tab: TabState;
  environment: string | undefined;
  api: ApiPick<'workspace.requestToGrpcurl'> & ApiPick<'auth.view'>;
  onSave(): void;
  mac: boolean;
}): React.JSX.Element {
  const { tab } = props;
  const [copy, setCopy] = useState<CopyState>({ state: 'idle' });
  const environmentProtocol = useAppStore((state) => state.environmentProtocol);
  const environmentTlsProfile = useAppStore((state) => state.environmentTlsProfile);
  const variables = useVariableScope();
  const protocol = effectiveProtocol(tab, environmentProtocol);
  // grpcurl speaks gRPC only: for gRPC-Web and Connect the button says so instead of copying a command that fails.
  const noGrpcurl = isWebProtocol(protocol)
    ? `grpcurl speaks gRPC only: it cannot call ${protocolName(protocol)}.${protocol === 'connect' ? ' Copy as curl can.' : ''}`
    : undefined;
  const tlsProfile = tlsProfileInUse(tab.tlsProfile, tab.tls, environmentTlsProfile);
  const noCurl = curlUnavailable(protocol, tab.method.kind, tlsProfile);

  const copyWith = async (make: () => Promise<string>, refused?: string): Promise<void> => {
    if (refused) return setCopy({ state: 'failed', message: refused });
    try {
      await make();
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
        title={noGrpcurl ?? 'Copy as grpcurl: a command making this call'}
        onClick={() =>
          void copyWith(
            () => copyAsGrpcurl(props.api, savedRequestOf(tab), props.environment, tab.saved?.path),
            noGrpcurl,
          )
        }
      >
        <SquareTerminal size={16} aria-hidden />
      </button>
      {/* Only where it can work: a Connect stream is framed messages curl cannot write. */}
      {protocol === 'connect' && tab.method.kind === 'unary' && (
        <button
          type="button"
          aria-label="Copy as curl"
          className="icon-button"
          title={noCurl ?? 'Copy as curl: a command making this Connect call'}
          onClick={() =>
            void copyWith(
              () =>
                copyAsCurl(
                  props.api,
                  tab,
                  { environment: props.environment, environmentProtocol },
                  variables?.view,
                ),
              noCurl,
            )
          }
        >
          <Terminal size={16} aria-hidden />
        </button>
      )}
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
