/** Thresholds as text rows (`p99 < 50ms`, `errors < 1%`, `rps > 300`), checked by the engine on Start and at the end. */
import { Plus, X } from 'lucide-react';
import { IconButton } from '../../components/IconButton';

export function ThresholdRows(props: {
  rows: string[];
  /** What the engine says is wrong with them (too many, too long). */
  problem?: string;
  onChange: (rows: string[]) => void;
}): React.JSX.Element {
  const { rows, onChange } = props;
  const set = (index: number, text: string): void =>
    onChange(rows.map((row, i) => (i === index ? text : row)));
  return (
    <div className="load-thresholds-editor" role="group" aria-label="Thresholds">
      <div className="load-subheading">
        <span>Thresholds</span>
        <span className="pd-hint">checked at the end, e.g. p99 &lt; 50ms, errors &lt; 1%, rps &gt; 300</span>
      </div>
      {rows.map((row, index) => (
        <div key={index} className="load-threshold-row">
          <input
            type="text"
            aria-label={`Threshold ${index + 1}`}
            spellCheck={false}
            placeholder="p99 < 50ms"
            value={row}
            onChange={(event) => set(index, event.target.value)}
          />
          <IconButton
            className="icon-button"
            label={`Remove threshold ${index + 1}`}
            icon={X}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      {props.problem && <span className="pd-field-error">{props.problem}</span>}
      <button type="button" className="ghost load-add" onClick={() => onChange([...rows, ''])}>
        <Plus aria-hidden="true" size={14} />
        Add threshold
      </button>
    </div>
  );
}
