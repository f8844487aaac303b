/**
 * The line under the request editor about the Tab key: once, the first time the editor has focus, how to make Tab
 * move focus (Monaco's Ctrl+M toggle); and, while that mode is on, that Tab moves focus.
 */
import { useEffect, useState } from 'react';
import { chordLabel } from '../shortcuts/shortcut-list';
import { noteTabKeyHintShown, tabKeyHintShown } from './tab-key-hint';

/** `moves`: Monaco's mode (undefined until Monaco reports it); `focused`: the editor has had focus. */
export function TabKeyHint(props: {
  moves: boolean | undefined;
  focused: boolean;
  mac: boolean;
}): React.JSX.Element | null {
  const [firstTime] = useState(() => !tabKeyHintShown());
  const [dismissed, setDismissed] = useState(false);
  const toggle = chordLabel(props.mac ? ['ctrl', 'shift', 'M'] : ['ctrl', 'M'], props.mac);
  const showHint = firstTime && !dismissed && props.focused && props.moves === false;
  useEffect(() => {
    if (showHint) noteTabKeyHintShown();
  }, [showHint]);

  if (props.moves) {
    return (
      <p className="tab-key-hint" role="status">
        Tab moves focus — press {toggle} to insert spaces with Tab again.
      </p>
    );
  }
  if (!showHint) return null;
  return (
    <p className="tab-key-hint" role="status">
      Tab inserts spaces — press {toggle} to move focus with Tab.
      <button type="button" className="ghost" onClick={() => setDismissed(true)}>
        Got it
      </button>
    </p>
  );
}
