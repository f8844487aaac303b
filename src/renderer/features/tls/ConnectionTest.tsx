/** "Test connection": a TLS handshake with a target using the edited profile, and what the server presented. */
import { useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { TlsHandshakeReport, TlsProfile } from '../../../shared/workspace';
import { FailureMessage } from '../../components/ProblemList';
import { TextField } from '../../components/TextField';
import { toFailure } from '../../../shared/api/errors';
import { CertificateDetails } from './CertificateDetails';

type Result =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; report: TlsHandshakeReport }
  | { state: 'failed'; failure: ApiFailure };

/** Textbox "Target" and button "Test connection"; `{{variables}}` in the target resolve with `environment`. */
export function ConnectionTest(props: {
  api: ApiPick<'tls.testConnection'>;
  profile: TlsProfile;
  environment?: string;
}): React.JSX.Element {
  const [target, setTarget] = useState('');
  const [result, setResult] = useState<Result>({ state: 'idle' });
  const test = async (): Promise<void> => {
    if (target.trim() === '') return;
    setResult({ state: 'busy' });
    try {
      const report = await props.api.tls.testConnection({
        profile: props.profile,
        target: target.trim(),
        environment: props.environment,
      });
      setResult({ state: 'done', report });
    } catch (error) {
      setResult({ state: 'failed', failure: toFailure(error) });
    }
  };
  return (
    <section aria-label="Connection test" className="pd-tls-test" aria-busy={result.state === 'busy'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void test();
        }}
      >
        <TextField
          label="Target"
          value={target}
          onChange={setTarget}
          placeholder="host:port"
          hint={
            props.environment ? `{{variables}} come from the environment "${props.environment}".` : undefined
          }
        >
          <button type="submit" disabled={result.state === 'busy' || target.trim() === ''}>
            Test connection
          </button>
        </TextField>
      </form>
      {result.state === 'failed' && <FailureMessage failure={result.failure} />}
      {result.state === 'done' && <HandshakeView report={result.report} />}
    </section>
  );
}

/** The handshake's verdict, message and hint, host check, protocol, ALPN and the chain, leaf first. */
function HandshakeView(props: { report: TlsHandshakeReport }): React.JSX.Element {
  const { report } = props;
  const verdict = !report.connected
    ? 'Could not connect'
    : report.verified
      ? 'Connected and verified'
      : 'Connected, not verified';
  return (
    <div role="status" className="pd-tls-handshake">
      <p className={report.verified ? 'pd-ok' : 'pd-field-error'}>
        <strong>{verdict}</strong>
      </p>
      {report.message && (
        <div className="pd-failure">
          <div className="pd-failure-message">{report.message}</div>
          {report.hint && <div className="pd-problem-hint">{report.hint}</div>}
        </div>
      )}
      {report.host?.matches && <p>Host name covered by {report.host.matchedName}.</p>}
      {/* When the host is why the handshake did not verify, the message above starts with it (insecure mode adds
          that it accepts it anyway). */}
      {report.host?.matches === false && !report.message?.startsWith(report.host.message) && (
        <div className="pd-failure">
          <div className="pd-failure-message">{report.host.message}</div>
          <div className="pd-problem-hint">{report.host.hint}</div>
        </div>
      )}
      {report.connected && (
        <p>
          {report.protocol ?? 'TLS'} · ALPN: {report.alpn ?? 'none'}
          {report.alpn !== 'h2' && <span className="pd-warn"> (gRPC needs h2)</span>}
        </p>
      )}
      {report.chain.length > 0 && (
        <ol aria-label="Server chain" className="pd-tls-chain">
          {report.chain.map((info, index) => (
            <li key={`${info.fingerprintSha256}-${index}`}>
              <CertificateDetails info={info} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
