/** An editable table of metadata rows: key, value, enabled; `-bin` keys take base64 values. */
import { X } from 'lucide-react';
import { isBase64, isBinaryKey, type MetadataRow } from '../model/metadata-rows';
import { VariableTextField } from './VariableTextField';
import './metadata-table.css';

/** The table (named by `label`, "Metadata" by default) and its "Add metadata" button. */
export function MetadataTable(props: {
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
  label?: string;
}): React.JSX.Element {
  const { rows, onChange } = props;
  const label = props.label ?? 'Metadata';
  const update = (index: number, patch: Partial<MetadataRow>): void =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="pd-metadata">
      {rows.length > 0 && (
        <table aria-label={label} className="pd-metadata-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="pd-visually-hidden">Enabled</span>
              </th>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="pd-visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const binary = isBinaryKey(row.key);
              return (
                <tr key={index} className={row.enabled ? undefined : 'pd-metadata-disabled'}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label="Enabled"
                      checked={row.enabled}
                      onChange={(event) => update(index, { enabled: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="text"
                      aria-label="Metadata key"
                      value={row.key}
                      spellCheck={false}
                      placeholder="key"
                      onChange={(event) => update(index, { key: event.target.value })}
                    />
                  </td>
                  <td>
                    <VariableTextField
                      aria-label="Metadata value"
                      aria-invalid={binary && !isBase64(row.value)}
                      value={row.value}
                      spellCheck={false}
                      placeholder={binary ? 'base64' : 'value'}
                      onChange={(value) => update(index, { value })}
                    />
                    {binary && <span className="pd-metadata-hint">base64</span>}
                  </td>
                  <td>
                    <button
                      type="button"
                      aria-label="Remove metadata"
                      title="Remove metadata"
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                      className="icon-button"
                    >
                      <X />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <button type="button" onClick={() => onChange([...rows, { key: '', value: '', enabled: true }])}>
        Add metadata
      </button>
    </div>
  );
}
