/** The "Keyboard shortcuts" sheet (`?`, the palette, the empty state): every shortcut, named for this platform. */
import { Fragment, useId } from 'react';
import { Modal } from '../../components/Modal';
import { Chord } from './Chord';
import { entryChords, shortcutGroups, type ShortcutGroup } from './shortcut-list';
import './shortcuts.css';

function Group(props: { group: ShortcutGroup; mac: boolean }): React.JSX.Element {
  const titleId = useId();
  return (
    <section className="pd-shortcut-group" aria-labelledby={titleId}>
      <h3 id={titleId}>{props.group.title}</h3>
      <table aria-labelledby={titleId}>
        <tbody>
          {props.group.entries.map((entry) => (
            <tr key={entry.action}>
              <th scope="row">{entry.action}</th>
              <td>
                {entryChords(entry, props.mac).map((chord, index) => (
                  <Fragment key={index}>
                    {index > 0 && <span className="pd-chord-or"> or </span>}
                    <Chord chord={chord} mac={props.mac} />
                  </Fragment>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A modal dialog; Esc or Close closes it and focus goes back where it was. */
export function ShortcutsSheet(props: { mac: boolean; onClose(): void }): React.JSX.Element {
  return (
    <Modal title="Keyboard shortcuts" onClose={props.onClose} className="pd-shortcuts-sheet">
      {/* Focusable, so the keyboard scrolls it (it takes focus first: there is nothing to press in it). */}
      <div className="pd-shortcut-groups" role="region" aria-label="All shortcuts" tabIndex={0}>
        {shortcutGroups.map((group) => (
          <Group key={group.title} group={group} mac={props.mac} />
        ))}
      </div>
      <div className="pd-modal-actions">
        <button type="button" className="pd-primary" onClick={props.onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
