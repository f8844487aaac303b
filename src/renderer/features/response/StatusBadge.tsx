/** A call's status as a badge: name and code, coloured by class; while running, a spinner and what it is doing. */
import type { CallStatus } from '../../../shared/call';
import { statusClass } from '../../model/status-class';

/** The badge is one live region in both states, so a screen reader hears the outcome when it replaces "Running…". */
export function StatusBadge(props: {
  status?: Pick<CallStatus, 'code' | 'name'>;
  running: string;
}): React.JSX.Element {
  const { status } = props;
  if (!status) {
    return (
      <span role="status" className="call-badge running">
        <span className="call-spinner" aria-hidden="true" />
        {props.running}
      </span>
    );
  }
  return (
    <span
      role="status"
      aria-label={`Status ${status.name} (${status.code})`}
      className={`call-badge ${statusClass(status.code)}`}
    >
      <span className="call-badge-name">{status.name}</span>
      <span className="call-badge-code">{status.code}</span>
    </span>
  );
}
