/** One certificate as a person inspecting it wants to see it: names, issuer, validity, fingerprint. */
import type { CertificateInfo, CertificateValidity } from '../../../shared/tls';
import { expiryNote } from './expiry';

/** A description list of the certificate; the validity line warns when it expired or expires soon. */
export function CertificateDetails(props: {
  info: CertificateInfo;
  validity?: CertificateValidity;
  expiresInDays?: number;
}): React.JSX.Element {
  const { info } = props;
  const note =
    props.validity && props.expiresInDays !== undefined
      ? expiryNote(props.validity, props.expiresInDays, info.notAfter)
      : undefined;
  const names = [...info.dnsNames.map((name) => `DNS:${name}`), ...info.ipAddresses.map((ip) => `IP:${ip}`)];
  return (
    <dl className="pd-cert" aria-label={`Certificate ${info.commonNames[0] ?? info.subject}`}>
      <dt>Subject</dt>
      <dd>{info.subject || '(empty)'}</dd>
      <dt>Issuer</dt>
      <dd>
        {info.issuer}
        {info.selfSigned && ' (self-signed)'}
        {info.isCA && ' · CA'}
      </dd>
      <dt>Names (SANs)</dt>
      <dd>{names.length > 0 ? names.join(', ') : 'none'}</dd>
      <dt>Valid</dt>
      <dd>
        {info.notBefore.slice(0, 10)} to {info.notAfter.slice(0, 10)}
        {note && (
          <div
            className={
              note.level === 'ok' ? 'pd-hint' : note.level === 'warning' ? 'pd-warn' : 'pd-field-error'
            }
            role={note.level === 'ok' ? undefined : 'alert'}
          >
            {note.text}
            {note.hint && <div className="pd-problem-hint">{note.hint}</div>}
          </div>
        )}
      </dd>
      <dt>SHA-256</dt>
      <dd>
        <code className="pd-fingerprint">{info.fingerprintSha256}</code>
      </dd>
      <dt>Key</dt>
      <dd>
        {info.publicKey}
        {info.extendedKeyUsage.length > 0 && ` · ${info.extendedKeyUsage.join(', ')}`}
      </dd>
    </dl>
  );
}
