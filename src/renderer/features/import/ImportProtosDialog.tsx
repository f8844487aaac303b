/** The "Import protos" dialog: .proto files, a folder of them, or a descriptor set, by path on the engine's machine. */
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { PathField } from '../../components/PathField';
import { SegmentedControl } from '../../components/SegmentedControl';
import { importModes, importSource } from './import-source';
import type { ImportMode } from './import-source';
import { ImportFooter } from './ImportFooter';
import { useImport } from './use-import';
import type { DiscardSource, ImportSource } from './use-import';
import './import.css';

const pathHints: Record<ImportMode, string> = {
  protoFiles: 'One .proto file per line (or comma separated).',
  protoFolder: 'Every .proto file under this folder is loaded.',
  descriptorSet:
    'A FileDescriptorSet from protoc --include_imports --descriptor_set_out, buf build -o, or grpcurl -protoset-out.',
};

/** Modal form; stays open showing the problems when loading fails, closes when the source loads. */
export function ImportProtosDialog(props: {
  onImport: ImportSource;
  onDiscard: DiscardSource;
  onClose: () => void;
}): React.JSX.Element {
  const [mode, setMode] = useState<ImportMode>('protoFiles');
  const [pathText, setPathText] = useState('');
  const [importPathText, setImportPathText] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const attempt = useImport(props.onImport, props.onDiscard, props.onClose);

  const submit = (event: React.FormEvent): void => {
    event.preventDefault();
    const result = importSource(mode, pathText, importPathText);
    if ('missing' in result) {
      setMissing(result.missing);
      return;
    }
    setMissing(null);
    void attempt.run(result.source);
  };

  return (
    <Modal title="Import protos" onClose={attempt.cancel} className="pd-import-dialog">
      <form onSubmit={submit} aria-busy={attempt.loading !== null}>
        <SegmentedControl
          legend="Import from"
          options={importModes.map((option) => ({ value: option.mode, label: option.label }))}
          value={mode}
          onChange={setMode}
        />
        <PathField
          label="Path"
          value={pathText}
          onChange={setPathText}
          purpose={mode}
          multiline={mode === 'protoFiles'}
          hint={pathHints[mode]}
        />
        {mode !== 'descriptorSet' && (
          // Browse… too: the desktop app reads only folders picked in its dialog.
          <PathField
            label="Import paths"
            value={importPathText}
            onChange={setImportPathText}
            purpose="protoFolder"
            multiline
            hint={
              mode === 'protoFiles'
                ? 'Optional, one per line: folders that imports are relative to. Without any, each file’s own folder.'
                : 'Optional, one per line: folders that imports are relative to, besides the folder itself.'
            }
          />
        )}
        <ImportFooter attempt={attempt} missing={missing} onCancel={attempt.cancel} />
      </form>
    </Modal>
  );
}
