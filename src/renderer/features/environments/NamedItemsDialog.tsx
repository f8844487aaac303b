/** The shell of the Environments and TLS profiles dialogs: the names, creating one, its editor, and Close. */
import { Fragment, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApiFailure } from '../../../shared/api/types';
import { Modal } from '../../components/Modal';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { NamedItemList } from './NamedItemList';
import { withLocalNames } from './local-names';
import './environments.css';

/** What the dialog gives the selected item's editor: onChanged after a save, onDeleted after a delete. */
export interface ItemEditorProps {
  name: string;
  onChanged(): void;
  onDeleted(): void;
}

/** Dialog `title` over `names` (its list named the same); `children` sit above Close. */
export function NamedItemsDialog(props: {
  title: string;
  names: readonly string[];
  /** Selected first; the first name when not given. */
  initial?: string;
  /** Labels of the name textbox and the create button, and the text shown when nothing is selected. */
  nameLabel: string;
  createLabel: string;
  emptyHint: string;
  /** Saves a new, empty item. */
  create(name: string): Promise<unknown>;
  /** The editor of the selected item. */
  editor(item: ItemEditorProps): ReactNode;
  children?: ReactNode;
  onClose(): void;
  /** Where focus goes when the dialog closes (else back to its opener). */
  focusOnClose?: () => HTMLElement | null | undefined;
  onChanged(): void;
}): React.JSX.Element {
  const [selected, setSelected] = useState<string | undefined>(props.initial ?? props.names[0]);
  const [created, setCreated] = useState<string[]>([]);
  const [deleted, setDeleted] = useState<string[]>([]);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  // Until the app's refreshed workspace arrives, names created or deleted here are shown as they now are.
  const names = withLocalNames(props.names, created, deleted);

  const create = async (name: string): Promise<void> => {
    try {
      await props.create(name);
      setFailure(null);
      setCreated((list) => [...list, name]);
      setDeleted((list) => list.filter((other) => other !== name));
      setSelected(name);
      props.onChanged();
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  const onDeleted = (name: string): void => {
    setDeleted((list) => [...list, name]);
    setCreated((list) => list.filter((other) => other !== name));
    setSelected(undefined);
    props.onChanged();
  };

  return (
    <Modal
      title={props.title}
      onClose={props.onClose}
      className="pd-items-dialog"
      {...(props.focusOnClose ? { focusOnClose: props.focusOnClose } : {})}
    >
      <div className="pd-items-layout">
        <NamedItemList
          label={props.title}
          names={names}
          selected={selected}
          onSelect={setSelected}
          nameLabel={props.nameLabel}
          createLabel={props.createLabel}
          onCreate={create}
        />
        {selected !== undefined && names.includes(selected) ? (
          // Keyed by name: another item gets a fresh editor.
          <Fragment key={selected}>
            {props.editor({
              name: selected,
              onChanged: props.onChanged,
              onDeleted: () => onDeleted(selected),
            })}
          </Fragment>
        ) : (
          <p className="pd-item-editor pd-hint">{props.emptyHint}</p>
        )}
      </div>
      {failure && <FailureMessage failure={failure} />}
      {props.children}
      <div className="pd-modal-actions">
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
