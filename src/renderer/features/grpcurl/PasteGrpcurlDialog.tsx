/** The "Paste grpcurl command" dialog: a command line from docs, a README or a colleague becomes a request tab. */
import { useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { GrpcurlImport } from '../../../shared/workspace';
import { Modal } from '../../components/Modal';
import { FailureMessage } from '../../components/ProblemList';
import { TextField } from '../../components/TextField';
import { toFailure } from '../../../shared/api/errors';
import './grpcurl.css';

/** What the last "Create request" produced, for the command text it was given. */
type Attempt =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'failed'; failure: ApiFailure }
  /** Parsed with warnings: shown first; a second "Create request" on the same text creates it. */
  | { state: 'warned'; command: string; result: GrpcurlImport };

/**
 * The engine parses the command; a failure (a bad flag, `-d @`) stays shown with its hint and the text stays in the
 * box to fix. The parent closes the dialog (usually in onCreate).
 */
export function PasteGrpcurlDialog(props: {
  api: ApiPick<'workspace.grpcurlToRequest'>;
  onCreate(result: GrpcurlImport): void;
  onClose(): void;
}): React.JSX.Element {
  const [command, setCommand] = useState('');
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const [missing, setMissing] = useState(false);

  const create = async (): Promise<void> => {
    const text = command.trim();
    setMissing(text === '');
    if (text === '') return;
    if (attempt.state === 'warned' && attempt.command === text) return props.onCreate(attempt.result);
    setAttempt({ state: 'busy' });
    try {
      const result = await props.api.workspace.grpcurlToRequest({ command: text });
      if (result.warnings.length === 0) props.onCreate(result);
      else setAttempt({ state: 'warned', command: text, result });
    } catch (error) {
      setAttempt({ state: 'failed', failure: toFailure(error) });
    }
  };

  return (
    <Modal title="Paste grpcurl command" onClose={props.onClose} className="pd-grpcurl-dialog">
      <form
        aria-busy={attempt.state === 'busy'}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <TextField
          label="grpcurl command"
          multiline
          value={command}
          onChange={setCommand}
          placeholder={`grpcurl -plaintext -d '{"name": "Ada"}' localhost:50051 my.pkg.Users/Get`}
          hint="Flags such as -plaintext, -H, -d, -proto and -import-path are kept; -d @ (stdin) is not supported."
          onKeyDown={(event) => {
            // Ctrl+Enter / Cmd+Enter creates, as Enter alone adds a line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void create();
            }
          }}
        />
        {missing && (
          <p role="alert" className="pd-field-error">
            Paste a grpcurl command.
          </p>
        )}
        {attempt.state === 'failed' && <FailureMessage failure={attempt.failure} />}
        {attempt.state === 'warned' && (
          <div role="status" className="pd-grpcurl-warnings">
            <p>Some flags were not kept. Create request again to continue:</p>
            <ul>
              {attempt.result.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="pd-modal-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="pd-primary" disabled={attempt.state === 'busy'}>
            Create request
          </button>
        </div>
      </form>
    </Modal>
  );
}
