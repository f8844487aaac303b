/** What a call's captures and assertions produced: pass/fail in words and colour, and the values captured. */
import { Check, X } from 'lucide-react';
import type { AssertionResult, CallOutcome, CaptureResult } from '../../../shared/workspace';
import './tests.css';

/** `2 of 3 passed`, or that the call had no assertions. */
export function outcomeSummary(assertions: AssertionResult[]): string {
  if (assertions.length === 0) return 'No assertions';
  const passed = assertions.filter((result) => result.passed).length;
  return `${passed} of ${assertions.length} passed`;
}

/** One line: a mark and verdict (the text says what the colour does), then the detail. */
function ResultItem(props: {
  passed: boolean;
  verdict: string;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <li className={props.passed ? 'pd-outcome-pass' : 'pd-outcome-fail'}>
      <span className="pd-outcome-mark">{props.passed ? <Check /> : <X />}</span>
      <span className="pd-outcome-verdict">{props.verdict}</span>
      <span>{props.children}</span>
    </li>
  );
}

/** A captured variable and its value, or why nothing was captured. */
function CaptureItem(props: { capture: CaptureResult }): React.JSX.Element {
  const { capture } = props;
  if (capture.value !== undefined)
    return (
      <ResultItem passed verdict="Captured">
        <code className="pd-outcome-value">
          {capture.variable} = {capture.value}
        </code>
      </ResultItem>
    );
  return (
    <ResultItem passed={false} verdict="Not captured">
      <code className="pd-outcome-value">{capture.variable}</code>: {capture.problem ?? 'nothing matched'}
    </ResultItem>
  );
}

/** Lists the test results of a finished call under a summary. */
export function OutcomeView(props: { outcome: CallOutcome }): React.JSX.Element {
  const { assertions, captures } = props.outcome;
  const failed = assertions.some((result) => !result.passed);
  return (
    <section className="pd-outcome" aria-label="Test outcome">
      <p role="status" className={`pd-outcome-summary ${failed ? 'pd-outcome-fail' : 'pd-outcome-pass'}`}>
        {outcomeSummary(assertions)}
      </p>
      <ul className="pd-outcome-list" aria-label="Test results">
        {assertions.map((result, index) => (
          <ResultItem key={`a${index}`} passed={result.passed} verdict={result.passed ? 'Passed' : 'Failed'}>
            {result.message}
          </ResultItem>
        ))}
        {captures.map((capture, index) => (
          <CaptureItem key={`c${index}`} capture={capture} />
        ))}
      </ul>
    </section>
  );
}
