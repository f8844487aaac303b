/** What the main area shows before any tab is open: the three ways in, and the keys worth knowing from the start. */
import { useId } from 'react';
import { FilePlus2, Keyboard, RadioTower, Send, Terminal, type LucideIcon } from 'lucide-react';
import { Chord } from '../shortcuts/Chord';
import type { ChordKey } from '../shortcuts/shortcut-list';
import type { ImportDialog } from '../sidebar/SchemasView';
import './empty-state.css';

/** What the empty state's buttons open. */
export interface EmptyStateActions {
  onImport(dialog: ImportDialog): void;
  onPasteGrpcurl(): void;
  onShortcuts(): void;
}

/** One way in: a large button named by its title, described by its one line. */
function WayIn(props: { icon: LucideIcon; title: string; line: string; onClick(): void }): React.JSX.Element {
  const lineId = useId();
  const Icon = props.icon;
  return (
    <button type="button" className="empty-way" aria-describedby={lineId} onClick={props.onClick}>
      <Icon className="empty-way-icon" aria-hidden="true" />
      <span className="empty-way-title">{props.title}</span>
      <span id={lineId} className="empty-way-line">
        {props.line}
      </span>
    </button>
  );
}

function Hint(props: { chord: ChordKey[]; mac: boolean; text: string }): React.JSX.Element {
  return (
    <li>
      <Chord chord={props.chord} mac={props.mac} />
      {props.text}
    </li>
  );
}

/** The empty main area; with methods loaded it says how to open one, and still offers the ways to add more. */
export function EmptyState(
  props: { hasMethods: boolean; mac: boolean } & EmptyStateActions,
): React.JSX.Element {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <Send className="empty-icon" aria-hidden="true" />
      <h2 id="empty-state-title" className="empty-title">
        {props.hasMethods ? 'Open a method to call it' : 'Call your first gRPC method'}
      </h2>
      <p className="muted">
        {props.hasMethods
          ? 'Click a method in the sidebar to preview it (double-click keeps it open), or find it by name.'
          : 'Bring in a schema one of three ways, then pick a method and press Send.'}
      </p>
      <div className="empty-ways">
        <WayIn
          icon={FilePlus2}
          title="Import .proto files"
          line="Files, a folder of them, or a descriptor set."
          onClick={() => props.onImport('protos')}
        />
        <WayIn
          icon={RadioTower}
          title="Reflect a server"
          line="Ask a running server for its services."
          onClick={() => props.onImport('reflection')}
        />
        <WayIn
          icon={Terminal}
          title="Paste a grpcurl command"
          line="A command from docs or a colleague becomes a request."
          onClick={props.onPasteGrpcurl}
        />
      </div>
      <ul className="empty-hints" aria-label="Shortcuts to start with">
        <Hint chord={['command', 'K']} mac={props.mac} text="Go to method" />
        <Hint chord={['command', 'Enter']} mac={props.mac} text="Send" />
        <Hint chord={['?']} mac={props.mac} text="All shortcuts" />
      </ul>
      <button type="button" className="ghost empty-shortcuts" onClick={props.onShortcuts}>
        <Keyboard aria-hidden="true" />
        Keyboard shortcuts
      </button>
    </section>
  );
}
