/** The captures part of the Tests section: one row per variable to fill from the response. */
import { X } from 'lucide-react';
import { useId } from 'react';
import type { Capture } from '../../../shared/workspace';
import { captureRowProblem, captureRows, emptyCaptureRow, parseCaptureRows } from './capture-rows';
import type { CaptureRow } from './capture-rows';
import { useDraft } from './use-draft';

const sources: ReadonlyArray<{ from: Capture['from']; label: string }> = [
  { from: 'body', label: 'Body' },
  { from: 'header', label: 'Header' },
  { from: 'trailer', label: 'Trailer' },
];

/** One row; its problem shows once something was typed in it. */
function CaptureRowFields(props: {
  index: number;
  row: CaptureRow;
  onChange(row: CaptureRow): void;
  onRemove(): void;
}): React.JSX.Element {
  const problemId = useId();
  const { row } = props;
  const touched = row.variable !== '' || row.target !== '';
  const problem = touched ? captureRowProblem(row) : null;
  const described = problem ? problemId : undefined;
  return (
    <div role="group" aria-label={`Capture ${props.index + 1}`} className="pd-capture-row">
      <input
        type="text"
        aria-label="Variable"
        className="pd-capture-variable"
        placeholder="variable"
        spellCheck={false}
        value={row.variable}
        aria-invalid={problem !== null}
        aria-describedby={described}
        onChange={(event) => props.onChange({ ...row, variable: event.target.value })}
      />
      <select
        aria-label="From"
        value={row.from}
        onChange={(event) => props.onChange({ ...row, from: event.target.value as Capture['from'] })}
      >
        {sources.map((source) => (
          <option key={source.from} value={source.from}>
            {source.label}
          </option>
        ))}
      </select>
      <input
        type="text"
        aria-label="Path or name"
        className="pd-capture-target"
        placeholder={row.from === 'body' ? '$.id' : 'x-request-id'}
        spellCheck={false}
        value={row.target}
        aria-describedby={described}
        onChange={(event) => props.onChange({ ...row, target: event.target.value })}
      />
      <button
        type="button"
        className="icon-button"
        aria-label="Remove capture"
        title="Remove capture"
        onClick={props.onRemove}
      >
        <X />
      </button>
      {problem && (
        <span id={problemId} className="pd-field-error pd-capture-problem">
          {problem}
        </span>
      )}
    </div>
  );
}

/** Rows being typed stay here; the captures reach `onChange` whenever every row is valid. */
export function CaptureRows(props: {
  captures: Capture[];
  onChange(captures: Capture[]): void;
}): React.JSX.Element {
  const [rows, setRows] = useDraft(props.captures, captureRows, parseCaptureRows, props.onChange);
  const replace = (index: number, row: CaptureRow | null): void =>
    setRows(rows.flatMap((old, at) => (at !== index ? [old] : row ? [row] : [])));
  return (
    <div className="pd-captures">
      <span className="pd-tests-label">Captures</span>
      {rows.map((row, index) => (
        <CaptureRowFields
          key={index}
          index={index}
          row={row}
          onChange={(next) => replace(index, next)}
          onRemove={() => replace(index, null)}
        />
      ))}
      <button type="button" onClick={() => setRows([...rows, emptyCaptureRow])}>
        Add capture
      </button>
      <span className="pd-hint">Captured values become {'{{variables}}'} for later requests.</span>
    </div>
  );
}
