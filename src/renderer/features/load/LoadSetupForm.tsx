/** The Load test form: the model (users × calls, users over time, fixed rate), thresholds, and advanced settings. */
import { memo, useId } from 'react';
import { FolderOpen } from 'lucide-react';
import { SegmentedControl } from '../../components/SegmentedControl';
import { usePathChooser } from '../../components/path-chooser';
import type { LoadSetup, ModelChoice, SetupProblems } from './load-setup';
import { NumberField } from './NumberField';
import { ThresholdRows } from './ThresholdRows';

const models: ReadonlyArray<{ value: ModelChoice; label: string }> = [
  { value: 'usersCalls', label: 'Users × calls' },
  { value: 'usersTime', label: 'Users over time' },
  { value: 'rate', label: 'Fixed rate' },
];

/** Renders only when the form changes, not per snapshot. */
export const LoadSetupForm = memo(function LoadSetupForm(props: {
  setup: LoadSetup;
  problems: SetupProblems;
  /** Client-streaming or bidi: "Messages per stream" applies. */
  streams: boolean;
  onChange: (change: Partial<LoadSetup>) => void;
}): React.JSX.Element {
  const { setup, problems, onChange } = props;
  const choosePaths = usePathChooser();
  const dataFileId = useId();
  const field = (
    name: 'users' | 'callsPerUser' | 'duration' | 'rate' | 'ramp',
    label: string,
    unit?: string,
  ) => (
    <NumberField
      label={label}
      unit={unit}
      value={setup[name]}
      problem={problems[name]}
      placeholder={name === 'ramp' ? 'none' : undefined}
      onChange={(text) => onChange({ [name]: text })}
    />
  );
  const chooseDataFile = async (): Promise<void> => {
    const [path] = await choosePaths('loadData', { title: 'Choose a data file (JSON Lines or CSV)' });
    if (path) onChange({ dataFile: path });
  };

  return (
    <div className="load-setup">
      <SegmentedControl
        legend="Model"
        options={models}
        value={setup.model}
        onChange={(model) => onChange({ model })}
        className="load-model"
      />
      <div className="load-fields">
        {setup.model === 'usersCalls' && (
          <>
            {field('users', 'Users')}
            {field('callsPerUser', 'Calls per user')}
          </>
        )}
        {setup.model === 'usersTime' && (
          <>
            {field('users', 'Users')}
            {field('duration', 'Duration', 's')}
          </>
        )}
        {setup.model === 'rate' && (
          <>
            {field('rate', 'Rate', 'calls/s')}
            {field('duration', 'Duration', 's')}
            {field('ramp', 'Ramp', 's')}
          </>
        )}
      </div>
      <ThresholdRows
        rows={setup.thresholds}
        problem={problems.thresholds}
        onChange={(thresholds) => onChange({ thresholds })}
      />
      <details className="load-advanced">
        <summary>Advanced</summary>
        <div className="load-fields">
          <NumberField
            label="Connections"
            value={setup.connections}
            placeholder="auto"
            problem={problems.connections}
            onChange={(connections) => onChange({ connections })}
          />
          {props.streams && (
            <NumberField
              label="Messages per stream"
              value={setup.messagesPerStream}
              placeholder="1"
              problem={problems.messagesPerStream}
              onChange={(messagesPerStream) => onChange({ messagesPerStream })}
            />
          )}
        </div>
        <div className="load-field load-data-file">
          <label htmlFor={dataFileId}>Data file</label>
          <span className="load-field-box">
            <input
              id={dataFileId}
              type="text"
              spellCheck={false}
              placeholder="rows.jsonl or rows.csv"
              aria-describedby={`${dataFileId}-hint`}
              value={setup.dataFile}
              onChange={(event) => onChange({ dataFile: event.target.value })}
            />
            <button type="button" onClick={() => void chooseDataFile()}>
              <FolderOpen aria-hidden="true" size={14} />
              Browse…
            </button>
          </span>
          <span id={`${dataFileId}-hint`} className="pd-hint">
            JSON Lines or CSV, one row per call (round-robin); its columns fill {'{{variables}}'}.
          </span>
        </div>
      </details>
    </div>
  );
});
