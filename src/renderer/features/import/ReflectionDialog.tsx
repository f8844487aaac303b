/** The "Import from server reflection" dialog: address, TLS, metadata and auth of the server to ask. */
import { useState } from 'react';
import type { AuthSettings } from '../../../shared/auth';
import type { TlsSettings } from '../../../shared/schema';
import { AuthEditor } from '../auth/AuthEditor';
import { MetadataTable } from '../../components/MetadataTable';
import { enabledMetadata, type MetadataRow } from '../../model/metadata-rows';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { TlsFields } from '../../components/TlsFields';
import { ImportFooter } from './ImportFooter';
import { useImport } from './use-import';
import type { DiscardSource, ImportSource } from './use-import';
import './import.css';

/** Modal form; a failure (unreachable server, no reflection service) stays shown with its hint. */
export function ReflectionDialog(props: {
  onImport: ImportSource;
  onDiscard: DiscardSource;
  onClose: () => void;
  /** The selected environment, which fills the auth's {{variables}}. */
  environment?: string | undefined;
}): React.JSX.Element {
  const [target, setTarget] = useState('');
  const [tls, setTls] = useState<TlsSettings>({ mode: 'plaintext' });
  const [rows, setRows] = useState<MetadataRow[]>([]);
  const [auth, setAuth] = useState<AuthSettings | undefined>();
  // A source's auth takes its {{variables}} from the environment chosen when it was imported.
  const { environment } = props;
  const [missing, setMissing] = useState(false);
  const attempt = useImport(props.onImport, props.onDiscard, props.onClose);

  const submit = (event: React.FormEvent): void => {
    event.preventDefault();
    const address = target.trim();
    setMissing(address === '');
    if (address === '') return;
    const metadata = enabledMetadata(rows);
    void attempt.run({
      kind: 'reflection',
      target: address,
      tls,
      ...(metadata.length > 0 ? { metadata } : {}),
      ...(auth ? { auth, ...(environment !== undefined ? { environment } : {}) } : {}),
    });
  };

  return (
    <Modal title="Import from server reflection" onClose={attempt.cancel} className="pd-import-dialog">
      <form onSubmit={submit} aria-busy={attempt.loading !== null}>
        <TextField
          label="Server address"
          value={target}
          onChange={setTarget}
          placeholder="localhost:50051"
          hint="host:port, dns:///host:port, unix:///path, grpc:// (plaintext) or grpcs:// (TLS)"
        />
        <TlsFields value={tls} onChange={setTls} />
        <MetadataTable label="Reflection metadata" rows={rows} onChange={setRows} />
        <AuthEditor value={auth} onChange={setAuth} inheritLabel="Not set" savedInto="protodesk.json" />
        <ImportFooter
          attempt={attempt}
          missing={missing ? 'Enter the server address.' : null}
          onCancel={attempt.cancel}
        />
      </form>
    </Modal>
  );
}
