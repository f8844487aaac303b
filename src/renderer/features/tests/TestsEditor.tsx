/** The "Tests" section of a request: what the response must satisfy, and which values to capture from it. */
import { useId } from 'react';
import type { Assertions, Capture } from '../../../shared/workspace';
import { CaptureRows } from './CaptureRows';
import { ContainsField } from './ContainsField';
import { LatencyField } from './LatencyField';
import { grpcStatusNames, isGrpcStatusName } from '../../../shared/grpc-status';
import './tests.css';

/** Assertions without the keys whose value is unset. */
function withAssertion<K extends keyof Assertions>(
  assertions: Assertions,
  key: K,
  value: Assertions[K],
): Assertions {
  const next = { ...assertions };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** Edits a request's captures and assertions; text still being typed that is invalid is shown, not applied. */
export function TestsEditor(props: {
  captures: Capture[];
  assertions: Assertions;
  onChange(tests: { captures: Capture[]; assertions: Assertions }): void;
}): React.JSX.Element {
  const statusId = useId();
  const { captures, assertions } = props;
  const assert = <K extends keyof Assertions>(key: K, value: Assertions[K]): void =>
    props.onChange({ captures, assertions: withAssertion(assertions, key, value) });
  return (
    <fieldset className="pd-fieldset pd-tests">
      {/* The request pane's "Tests" tab names the section already. */}
      <legend className="pd-visually-hidden">Tests</legend>
      <p className="muted pd-tests-intro">Checked when the call ends; the results show under the response.</p>
      <div className="pd-tests-assertions">
        <div className="pd-field">
          <label htmlFor={statusId}>Expected status</label>
          <select
            id={statusId}
            value={assertions.status ?? ''}
            onChange={(event) =>
              assert('status', isGrpcStatusName(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">Any</option>
            {grpcStatusNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <LatencyField value={assertions.maxLatencyMs} onChange={(value) => assert('maxLatencyMs', value)} />
      </div>
      <ContainsField value={assertions.contains} onChange={(value) => assert('contains', value)} />
      <CaptureRows captures={captures} onChange={(next) => props.onChange({ captures: next, assertions })} />
    </fieldset>
  );
}
