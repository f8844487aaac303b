/** The left column of the Environments and TLS profiles dialogs: the names, and a textbox + button to create one. */
import { useState } from 'react';
import { nameProblem } from '../../components/name-problem';
import { useShownErrors } from '../../components/show-errors';
import { TextField } from '../../components/TextField';
import './environments.css';

/** Lists `names` (the selected one marked current) and creates new ones; names are checked before onCreate. */
export function NamedItemList(props: {
  /** Accessible name of the list, e.g. "Environments". */
  label: string;
  names: readonly string[];
  selected: string | undefined;
  onSelect(name: string): void;
  /** Label of the name textbox ("Environment name") and the create button ("New environment"). */
  nameLabel: string;
  createLabel: string;
  onCreate(name: string): Promise<void>;
}): React.JSX.Element {
  const [name, setName] = useState('');
  const shown = useShownErrors<'name'>();
  const problem =
    nameProblem(name, `Type the ${props.nameLabel.toLowerCase()} first.`) ??
    (props.names.includes(name) ? `"${name}" exists already.` : undefined);
  const create = async (): Promise<void> => {
    shown.submit();
    if (problem) return;
    await props.onCreate(name);
    setName('');
    // The next name starts without messages.
    shown.reset();
  };
  return (
    <div className="pd-items">
      <ul aria-label={props.label} className="pd-items-list">
        {props.names.map((item) => (
          <li key={item}>
            <button
              type="button"
              aria-current={item === props.selected ? 'true' : undefined}
              onClick={() => props.onSelect(item)}
            >
              {item}
            </button>
          </li>
        ))}
        {props.names.length === 0 && <li className="pd-hint">None yet.</li>}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <TextField
          label={props.nameLabel}
          value={name}
          onChange={(text) => {
            setName(text);
            shown.touch('name');
          }}
          error={shown.error('name', problem)}
        />
        <button type="submit">{props.createLabel}</button>
      </form>
    </div>
  );
}
