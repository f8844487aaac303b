/** What `checkTlsProfile` found: each certificate file's certificates, the key check, and other problems. */
import type { TlsProfileReport } from '../../../shared/workspace';
import { CertificateDetails } from './CertificateDetails';

/** The report under the profile editor, as a region "Certificate details"; its `problems` only with `showProblems`. */
export function TlsReportView(props: { report: TlsProfileReport; showProblems: boolean }): React.JSX.Element {
  const { report } = props;
  return (
    <section aria-label="Certificate details" className="pd-tls-report">
      {report.files.map((file, index) => (
        <div key={`${file.role}-${file.file}-${index}`} className="pd-tls-file">
          <h4>
            {file.role === 'ca' ? 'CA certificate' : 'Client certificate'}: <code>{file.file}</code>
          </h4>
          {file.problem && (
            <div role="alert" className="pd-failure">
              <div className="pd-failure-message">{file.problem.message}</div>
              {file.problem.hint && <div className="pd-problem-hint">{file.problem.hint}</div>}
            </div>
          )}
          {file.certificates.map((certificate) => (
            <CertificateDetails
              key={certificate.info.fingerprintSha256}
              info={certificate.info}
              validity={certificate.validity}
              expiresInDays={certificate.expiresInDays}
            />
          ))}
        </div>
      ))}
      {report.keyPair &&
        (report.keyPair.matches ? (
          <p className="pd-ok">The key matches the certificate.</p>
        ) : (
          <div role="alert" className="pd-failure">
            <div className="pd-failure-message">{report.keyPair.message}</div>
            <div className="pd-problem-hint">{report.keyPair.hint}</div>
          </div>
        ))}
      {props.showProblems &&
        report.problems.map((problem, index) => (
          <div key={index} role="alert" className="pd-failure">
            <div className="pd-failure-message">{problem.message}</div>
            {problem.hint && <div className="pd-problem-hint">{problem.hint}</div>}
          </div>
        ))}
    </section>
  );
}
