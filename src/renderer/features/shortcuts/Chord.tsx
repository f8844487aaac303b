/** One chord as the platform names its keys, each key in its own <kbd>: ⌘ K on a Mac, Ctrl K elsewhere. */
import { chordKeys, type ChordKey } from './shortcut-list';
import './chord.css';

/** The keys of `chord`, pressed together. */
export function Chord(props: { chord: ChordKey[]; mac: boolean }): React.JSX.Element {
  return (
    <span className="pd-chord">
      {chordKeys(props.chord, props.mac).map((key, index) => (
        <kbd key={index}>{key}</kbd>
      ))}
    </span>
  );
}
