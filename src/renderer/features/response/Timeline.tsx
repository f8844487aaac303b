/** The stream timeline: a virtualized grid of the kept messages that follows the newest unless scrolled up. */
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { CallModel, TimelineEntry } from '../../model/call-model';
import { humanBytes } from '../../model/format-units';
import { lacksJson } from './missing-json';

/** Pixel height of one row; matches timeline.css. */
const rowHeight = 24;
/** How much of a message the row shows. */
const previewChars = 200;

/** Position of `entry` among the kept entries, searched from the newest (-1 when evicted or absent). */
function positionOf(call: CallModel, entry: TimelineEntry | undefined): number {
  if (!entry) return -1;
  for (let i = call.entryCount - 1; i >= 0; i -= 1) if (call.entryAt(i) === entry) return i;
  return -1;
}

/** The position a navigation key moves the selection to, or undefined for other keys. */
function keyTarget(key: string, from: number, count: number, page: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return from < 0 ? last : Math.min(last, from + 1);
    case 'ArrowUp':
      return from < 0 ? last : Math.max(0, from - 1);
    case 'PageDown':
      return Math.min(last, Math.max(0, from) + page);
    case 'PageUp':
      return Math.max(0, from - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

function rowId(callId: string, position: number): string {
  return `timeline-${callId}-${position}`;
}

function Row(props: {
  entry: TimelineEntry;
  position: number;
  id: string;
  selected: boolean;
  top: number;
  onSelect: () => void;
}): React.JSX.Element {
  const { entry } = props;
  const sent = entry.direction === 'sent';
  return (
    <div
      id={props.id}
      role="row"
      aria-rowindex={props.position + 2}
      aria-selected={props.selected}
      className={`timeline-row${props.selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${props.top}px)` }}
      onClick={props.onSelect}
    >
      <span role="gridcell" className={`timeline-direction ${entry.direction}`}>
        {sent ? <ArrowUp /> : <ArrowDown />}
        <span className="pd-visually-hidden">{entry.direction}</span>
      </span>
      <span role="gridcell" className="timeline-index">
        {entry.index + 1}
      </span>
      <span role="gridcell" className="timeline-time">
        {entry.atMs?.toFixed(1) ?? '—'}
      </span>
      <span role="gridcell" className="timeline-size">
        {entry.size === undefined ? '—' : humanBytes(entry.size)}
      </span>
      <span role="gridcell" className="timeline-preview">
        {entry.json.slice(0, previewChars)}
      </span>
    </div>
  );
}

/** Props of Timeline. */
export interface TimelineProps {
  call: CallModel;
  selected?: TimelineEntry;
  onSelect: (entry: TimelineEntry) => void;
  /** Called after each render with the received rows on screen that lack their JSON, when there are any. */
  onRowsShown?: (entries: TimelineEntry[]) => void;
}

/** The `grid` "Messages": direction, #, ms since start, size and the start of each message. */
export function Timeline(props: TimelineProps): React.JSX.Element {
  const { call, selected, onSelect, onRowsShown } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const count = call.entryCount;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    // The sticky header row sits above the first message, inside the same scroller.
    scrollMargin: rowHeight,
    scrollPaddingStart: rowHeight,
  });

  useLayoutEffect(() => {
    if (following.current && count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
  }, [call.version, count, virtualizer]);

  const onScroll = (): void => {
    const element = scroller.current;
    if (!element) return;
    following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - rowHeight;
  };

  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    if (!onRowsShown) return;
    const missing: TimelineEntry[] = [];
    for (const item of items) {
      const entry = call.entryAt(item.index);
      if (entry && lacksJson(entry)) missing.push(entry);
    }
    if (missing.length > 0) onRowsShown(missing);
  });

  const selectedPosition = positionOf(call, selected);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const target = keyTarget(event.key, selectedPosition, count, page);
    const entry = target === undefined ? undefined : call.entryAt(target);
    if (target === undefined || !entry) return;
    event.preventDefault();
    following.current = target === count - 1;
    virtualizer.scrollToIndex(target);
    onSelect(entry);
  };

  return (
    <div
      ref={scroller}
      className="timeline"
      role="grid"
      aria-label="Messages"
      aria-rowcount={count + 1}
      aria-readonly="true"
      aria-activedescendant={selectedPosition >= 0 ? rowId(call.callId, selectedPosition) : undefined}
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="timeline-head">
        <div role="row" aria-rowindex={1} className="timeline-row header">
          <span role="columnheader" className="timeline-direction">
            <span className="pd-visually-hidden">Direction</span>
          </span>
          <span role="columnheader" className="timeline-index">
            #
          </span>
          <span role="columnheader" className="timeline-time">
            ms
          </span>
          <span role="columnheader" className="timeline-size">
            Size
          </span>
          <span role="columnheader" className="timeline-preview">
            Message
          </span>
        </div>
      </div>
      <div role="rowgroup" className="timeline-body" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const entry = call.entryAt(item.index);
          if (!entry) return null;
          return (
            <Row
              key={item.index}
              entry={entry}
              position={item.index}
              id={rowId(call.callId, item.index)}
              selected={entry === selected}
              top={item.start - rowHeight}
              onSelect={() => onSelect(entry)}
            />
          );
        })}
      </div>
    </div>
  );
}
