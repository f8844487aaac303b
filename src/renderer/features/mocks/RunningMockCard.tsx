/**
 * One running mock in the Mocks view: what it serves and where (the address with a copy button), Stop, the stub files
 * it cannot serve, each method's rules to edit, and its live log.
 */
import { Copy, FileJson, Square, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import type { SourceState } from '../../../shared/api/types';
import type { RunningMock } from '../../../shared/mock-control';
import { protocolName } from '../../../shared/protocol-names';
import { IconButton } from '../../components/IconButton';
import { useNotice } from '../../components/use-notice';
import { copyText } from '../response/copy-text';
import { useMockStore } from './mock-context';
import { MockLog } from './MockLog';
import { MockProblems } from './MockProblems';
import { stubMethod } from './stub-method';

const noEntries: never[] = [];

/** The card; `sources` are the served sources as the sidebar lists them now (those removed since are gone). */
export function RunningMockCard(props: { mock: RunningMock; sources: SourceState[] }): React.JSX.Element {
  const { mock, sources } = props;
  const stopMock = useMockStore((state) => state.stopMock);
  const openRules = useMockStore((state) => state.openRules);
  const clearLog = useMockStore((state) => state.clearLog);
  const entries = useMockStore((state) => state.logs[mock.mockId] ?? noEntries);
  const { notice, run } = useNotice();
  const methods = useMemo(
    () =>
      sources.flatMap((source) =>
        source.services
          .filter((service) => mock.services.includes(service.fullName))
          .flatMap((service) => service.methods.map((method) => ({ sourceId: source.id, service, method }))),
      ),
    [sources, mock.services],
  );
  const copy = (): void =>
    void run(async () =>
      (await copyText(mock.address)) ? `Copied ${mock.address}` : 'The clipboard refused the address',
    );

  return (
    <section className="pd-mock-card" aria-label={`Mock of ${mock.sourceLabel}`}>
      <div className="pd-mock-card-head">
        <span className="pd-mock-live" aria-hidden="true" />
        <span className="pd-mock-card-title" title={`Serves the schema of ${mock.sourceLabel}`}>
          Mock of {mock.sourceLabel}
        </span>
        <button type="button" className="danger" onClick={() => void stopMock(mock.mockId)}>
          <Square aria-hidden="true" size={12} />
          Stop
        </button>
      </div>
      <div className="pd-mock-address-row">
        <span className="pd-mock-address-label" aria-hidden="true">
          Address
        </span>
        <code className="pd-mock-address" aria-label="Mock address">
          {mock.address}
        </code>
        <IconButton label="Copy address" icon={Copy} className="icon-button" iconSize={14} onClick={copy} />
      </div>
      {notice && (
        <span className={notice.error ? 'pd-mock-note pd-mock-error' : 'pd-mock-note'} role="status">
          {notice.text}
        </span>
      )}
      <p className="pd-mock-note">
        {mock.protocols.map(protocolName).join(', ')} · {mock.methodCount} methods · stubs in{' '}
        {mock.stubsDir ? 'mocks/' : 'none'}
      </p>
      <MockProblems problems={mock.problems} />
      <details className="pd-mock-section">
        <summary>Rules by method</summary>
        <ul className="pd-mock-methods" aria-label="Methods">
          {methods.map(({ sourceId, service, method }) => (
            <li key={method.fullName}>
              <button
                type="button"
                className="pd-mock-method"
                title={`Edit the rules of ${service.fullName}/${method.name}`}
                onClick={() => openRules({ sourceId, method: stubMethod(method) })}
              >
                <FileJson aria-hidden="true" size={14} />
                <span className="pd-mock-method-name">
                  <span className="pd-visually-hidden">Edit rules of </span>
                  {method.name}
                </span>
                <span className="pd-mock-method-service">{service.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {sources.length === 0 && (
          <p className="pd-mock-note">The source was removed; the mock still serves it.</p>
        )}
      </details>
      <div className="pd-mock-log-head">
        <h3>Calls{entries.length > 0 ? ` (${entries.length})` : ''}</h3>
        <IconButton
          label="Clear calls"
          icon={Trash2}
          className="icon-button"
          iconSize={14}
          disabled={entries.length === 0}
          onClick={() => clearLog(mock.mockId)}
        />
      </div>
      <MockLog entries={entries} label={`Calls to ${mock.address}`} />
    </section>
  );
}
