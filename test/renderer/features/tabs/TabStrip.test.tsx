// @vitest-environment happy-dom
import { cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TabStripItem } from '../../../../src/renderer/features/tabs/tab-labels';
import { TabStrip } from '../../../../src/renderer/features/tabs/TabStrip';
import { moveTab } from '../../../../src/renderer/state/tab-list';

afterEach(cleanup);

const item = (id: string, title: string, state: Partial<TabStripItem> = {}): TabStripItem => ({
  id,
  title,
  name: title,
  hint: '',
  origin: 'test.proto',
  detail: `grpc.testing.${title}`,
  dirty: false,
  busy: false,
  preview: false,
  ...state,
});

const initial: TabStripItem[] = [
  item('a', 'TestService/UnaryCall'),
  item('b', 'TestService/FullDuplexCall', { dirty: true }),
  item('c', 'Health/Check', { preview: true }),
];

/** The strip wired to local state, the way the app wires it to the store. */
function Harness(props: { start?: TabStripItem[] }) {
  const [tabs, setTabs] = useState(props.start ?? initial);
  const [active, setActive] = useState<string | undefined>('a');
  return (
    <TabStrip
      tabs={tabs}
      activeId={active}
      onActivate={setActive}
      onPin={(id) => setTabs((list) => list.map((t) => (t.id === id ? { ...t, preview: false } : t)))}
      onClose={(id) => setTabs((list) => list.filter((t) => t.id !== id))}
      onMove={(id, to) => setTabs((list) => moveTab(list, id, to))}
    />
  );
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.getAttribute('aria-label'));

describe('tab strip', () => {
  it('names each tab by its title, marks the edited one and the preview, and details it in the tooltip', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Open requests' })).toBeTruthy();
    expect(tabNames()).toEqual(['TestService/UnaryCall', 'TestService/FullDuplexCall', 'Health/Check']);
    const edited = screen.getByRole('tab', { name: 'TestService/FullDuplexCall' });
    expect(edited.getAttribute('aria-description')).toBe('Edited');
    expect(edited.querySelector('.tab-dirty')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'TestService/UnaryCall' }).querySelector('.tab-dirty')).toBeNull();
    expect(edited.getAttribute('title')).toBe(
      'TestService/FullDuplexCall\ngrpc.testing.TestService/FullDuplexCall',
    );
    const preview = screen.getByRole('tab', { name: 'Health/Check' });
    expect(preview.getAttribute('aria-description')).toBe('Preview');
    expect(preview.parentElement?.classList.contains('preview')).toBe(true);
  });

  it('keeps a preview tab open on double-click and on Enter', () => {
    render(<Harness />);
    fireEvent.doubleClick(screen.getByRole('tab', { name: 'Health/Check' }));
    expect(screen.getByRole('tab', { name: 'Health/Check' }).getAttribute('aria-description')).toBeNull();
    cleanup();
    render(<Harness start={[initial[0]!, item('p', 'Health/Watch', { preview: true })]} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Health/Watch' }), { key: 'Enter' });
    expect(screen.getByRole('tab', { name: 'Health/Watch' }).getAttribute('aria-description')).toBeNull();
  });

  it('selects by click and by arrow keys', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: 'Health/Check' }));
    expect(screen.getByRole('tab', { selected: true }).getAttribute('aria-label')).toBe('Health/Check');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Health/Check' }), { key: 'ArrowRight' });
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.getAttribute('aria-label')).toBe('TestService/UnaryCall');
    expect(document.activeElement).toBe(selected);
  });

  it('closes with the close button and with a middle click', () => {
    render(<Harness />);
    const item = screen.getByRole('tab', { name: 'TestService/FullDuplexCall' }).parentElement as HTMLElement;
    fireEvent.click(within(item).getByTitle('Close tab (Ctrl+W)'));
    expect(tabNames()).toEqual(['TestService/UnaryCall', 'Health/Check']);
    fireEvent(
      screen.getByRole('tab', { name: 'Health/Check' }),
      new MouseEvent('auxclick', { bubbles: true, button: 1 }),
    );
    expect(tabNames()).toEqual(['TestService/UnaryCall']);
  });

  it('reorders by dragging a tab onto another', () => {
    render(<Harness />);
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(screen.getByRole('tab', { name: 'Health/Check' }), { dataTransfer });
    const target = screen.getByRole('tab', { name: 'TestService/UnaryCall' }).parentElement as HTMLElement;
    const over = createEvent.dragOver(target, { dataTransfer });
    fireEvent(target, over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(target, { dataTransfer });
    expect(tabNames()).toEqual(['Health/Check', 'TestService/UnaryCall', 'TestService/FullDuplexCall']);
  });
});
