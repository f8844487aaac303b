/**
 * The strip of open request tabs: click or arrows to switch, drag to reorder (keyboard reorder: ./shortcuts), double
 * click or Enter keeps a preview tab, middle click closes. The active tab is always scrolled into view.
 */
import { X } from 'lucide-react';
import { useRef, type DragEvent, type KeyboardEvent } from 'react';
import type { TabStripItem } from './tab-labels';
import { useActiveInView } from './use-active-in-view';
import './tabs.css';

const DRAG_TYPE = 'application/x-protodesk-tab';

/** The tablist "Open requests". */
export function TabStrip(props: {
  tabs: TabStripItem[];
  activeId: string | undefined;
  onActivate: (id: string) => void;
  onPin: (id: string) => void;
  onClose: (id: string) => void;
  onMove: (id: string, toIndex: number) => void;
}): React.JSX.Element {
  const { tabs, activeId } = props;
  const strip = useRef<HTMLDivElement>(null);
  // What moves tabs: their order, titles and markers (not every call batch a busy tab receives).
  useActiveInView(
    strip,
    activeId,
    tabs.map((tab) => `${tab.id} ${tab.title} ${tab.dirty} ${tab.busy}`).join('\n'),
  );

  const focusTab = (index: number): void => {
    strip.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number, id: string): void => {
    if (event.defaultPrevented) return;
    if (!event.ctrlKey && !event.metaKey && !event.altKey && navigationKeys.has(event.key)) {
      const next = navigate(event.key, index, tabs.length);
      const target = tabs[next];
      if (target) {
        props.onActivate(target.id);
        focusTab(next);
      }
    } else if (event.key === 'Delete') {
      props.onClose(id);
    } else if (event.key === 'Enter') {
      props.onPin(id);
    } else {
      return;
    }
    event.preventDefault();
  };

  const onDrop = (event: DragEvent, index: number): void => {
    const dragged = event.dataTransfer.getData(DRAG_TYPE);
    if (!dragged) return;
    event.preventDefault();
    props.onMove(dragged, index);
  };

  return (
    <div ref={strip} className="tab-strip" role="tablist" aria-label="Open requests">
      {tabs.map((tab, index) => {
        const active = tab.id === activeId;
        return (
          <div
            key={tab.id}
            role="presentation"
            data-tab-id={tab.id}
            className={`tab-item${active ? ' active' : ''}${tab.preview ? ' preview' : ''}`}
            onDragOver={(event) => {
              if (Array.from(event.dataTransfer.types).indexOf(DRAG_TYPE) < 0) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }}
            onDrop={(event) => onDrop(event, index)}
          >
            <div
              role="tab"
              aria-selected={active}
              aria-label={tab.title}
              aria-description={stateText(tab)}
              aria-keyshortcuts="Delete"
              title={`${tab.title}\n${tab.detail}`}
              tabIndex={active || (activeId === undefined && index === 0) ? 0 : -1}
              className="tab"
              draggable
              onDragStart={(event) => {
                event.dataTransfer.setData(DRAG_TYPE, tab.id);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => props.onActivate(tab.id)}
              onDoubleClick={() => props.onPin(tab.id)}
              // Middle button: no auto-scroll on press, close on release (as browsers do).
              onMouseDown={(event) => {
                if (event.button === 1) event.preventDefault();
              }}
              onAuxClick={(event) => {
                if (event.button === 1) props.onClose(tab.id);
              }}
              onKeyDown={(event) => onKeyDown(event, index, tab.id)}
            >
              <span className="tab-title">{tab.name}</span>
              {/* Keeps title and hint apart as words, as in the tab's name (flex layout does not draw it). */}
              {tab.hint && ' '}
              {tab.hint && <span className="tab-hint">{tab.hint}</span>}
              {tab.busy && <span className="tab-busy" aria-hidden="true" />}
              {tab.dirty && <span className="tab-dirty" aria-hidden="true" />}
            </div>
            {/* For the mouse only: a tablist holds nothing but tabs; keys close with Delete or Ctrl+W. */}
            <span
              className="tab-close"
              aria-hidden="true"
              title="Close tab (Ctrl+W)"
              onClick={() => props.onClose(tab.id)}
            >
              <X size={14} />
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** What a screen reader hears after the tab's name: preview, edited. */
function stateText(tab: TabStripItem): string | undefined {
  const states = [tab.preview && 'Preview', tab.dirty && 'Edited'].filter(Boolean);
  return states.length > 0 ? states.join(', ') : undefined;
}

const navigationKeys = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** The index arrow / Home / End keys move to. */
function navigate(key: string, index: number, count: number): number {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return (index + (key === 'ArrowLeft' ? -1 : 1) + count) % count;
}
