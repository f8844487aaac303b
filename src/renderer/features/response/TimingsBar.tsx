/**
 * The call's time as one bar: connecting, waiting for headers, for the first message, then the rest. Decorative (the
 * timing text beside it says the same in words); drawn only when the call measured at least one phase.
 */
import type { CallTimings } from '../../../shared/call';

const phases = [
  { key: 'channelReadyMs', name: 'connect' },
  { key: 'headersMs', name: 'headers' },
  { key: 'firstMessageMs', name: 'first-message' },
] as const;

export function TimingsBar(props: { timings: CallTimings }): React.JSX.Element | null {
  const { timings } = props;
  const total = timings.totalMs;
  if (!(total > 0) || phases.every((phase) => timings[phase.key] === undefined)) return null;
  let start = 0;
  const segments: { name: string; share: number }[] = [];
  for (const phase of phases) {
    const end = timings[phase.key];
    if (end === undefined || end < start) continue;
    segments.push({ name: phase.name, share: (end - start) / total });
    start = end;
  }
  segments.push({ name: 'rest', share: Math.max(0, total - start) / total });
  return (
    <span className="timings-bar" aria-hidden="true">
      {segments.map((segment) => (
        <span
          key={segment.name}
          className={`timings-bar-${segment.name}`}
          style={{ width: `${(segment.share * 100).toFixed(2)}%` }}
        />
      ))}
    </span>
  );
}
