/** A read-only view of huge text: numbered lines, only the visible ones in the DOM. */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { FormattedJson } from './format-json';
import './line-view.css';

/** Pixel height of one line; matches line-view.css. */
const lineHeight = 18;

/** Props of LineView. */
export interface LineViewProps {
  formatted: FormattedJson;
  label: string;
  /** Only the first lines so far: the rest is still being formatted. */
  busy?: boolean;
}

/** Virtualized lines of `formatted`; selecting and copying visible text works as in any page text. */
export function LineView(props: LineViewProps): React.JSX.Element {
  const { formatted } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const lines = formatted.lineStarts.length;
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => scroller.current,
    estimateSize: () => lineHeight,
    overscan: 20,
  });
  const gutter = `${String(lines).length + 1}ch`;
  return (
    <div
      ref={scroller}
      className="line-view"
      role="document"
      aria-label={props.label}
      aria-busy={props.busy}
      tabIndex={0}
    >
      <div className="line-view-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} className="line-view-line" style={{ transform: `translateY(${item.start}px)` }}>
            <span className="line-view-number" style={{ width: gutter }} aria-hidden="true">
              {item.index + 1}
            </span>
            <span className="line-view-text">{formatted.line(item.index)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
