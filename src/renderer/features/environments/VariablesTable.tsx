/** The variables of an environment as a table: name, value (a password box for secrets), secret, remove. */
import type { VariableRow } from './variable-rows';
import { emptyVariableRow, hasStoredValue } from './variable-rows';

/** Edits the rows; `storedSecrets` says which secret names have a value stored (shown as "stored", never fetched). */
export function VariablesTable(props: {
  rows: VariableRow[];
  storedSecrets: readonly string[];
  onChange(rows: VariableRow[]): void;
}): React.JSX.Element {
  const { rows, onChange } = props;
  const update = (id: number, patch: Partial<VariableRow>): void =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <div className="pd-variables">
      <table aria-label="Variables">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Secret</th>
            <th scope="col">
              <span className="pd-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const stored = hasStoredValue(row, props.storedSecrets);
            return (
              <tr key={row.id}>
                <td>
                  <input
                    type="text"
                    aria-label="Variable name"
                    spellCheck={false}
                    value={row.name}
                    onChange={(event) => update(row.id, { name: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    // A secret's value is typed blind and never shown again.
                    type={row.secret ? 'password' : 'text'}
                    aria-label="Value"
                    spellCheck={false}
                    autoComplete="off"
                    value={row.value}
                    placeholder={secretPlaceholder(row, stored)}
                    onChange={(event) => update(row.id, { value: event.target.value, forget: false })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label="Secret"
                    checked={row.secret}
                    // Turning a plain variable secret keeps its typed value (sent as the new secret); the reverse starts empty.
                    onChange={(event) =>
                      update(row.id, {
                        secret: event.target.checked,
                        forget: false,
                        value: event.target.checked ? row.value : '',
                      })
                    }
                  />
                </td>
                <td className="pd-variable-actions">
                  {stored && (
                    <button type="button" onClick={() => update(row.id, { forget: true })}>
                      Forget secret
                    </button>
                  )}
                  <button type="button" onClick={() => onChange(rows.filter((other) => other.id !== row.id))}>
                    Remove variable
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={() => onChange([...rows, emptyVariableRow()])}>
        Add variable
      </button>
    </div>
  );
}

/** What an empty secret box says: a value is stored, will be forgotten, or none is set. */
function secretPlaceholder(row: VariableRow, stored: boolean): string | undefined {
  if (!row.secret) return undefined;
  if (stored) return 'stored';
  return row.forget ? 'forgotten when saved' : 'not set';
}
