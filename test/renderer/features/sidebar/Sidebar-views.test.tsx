// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourceState } from '../../../../src/shared/api/types';
import { Sidebar, type SidebarProps } from '../../../../src/renderer/features/sidebar/Sidebar';
import { emptyHomeChooser } from '../import/engine-info';
import { testSource } from './sources';

afterEach(cleanup);

const api: SidebarProps['api'] = {
  sources: {
    list: async () => [],
    add: async () => testSource('s1'),
    addDropped: async () => testSource('s1'),
    reload: async ({ sourceId: id }) => testSource(id),
    remove: async () => undefined,
  },
  ...emptyHomeChooser,
};

function renderSidebar(sources: SourceState[] = [], collectionCount = 0) {
  return render(
    <Sidebar
      sources={sources}
      onSourcesChanged={vi.fn()}
      onOpenMethod={vi.fn()}
      onPreviewMethod={vi.fn()}
      api={api}
      collections={<p>Saved requests here</p>}
      collectionCount={collectionCount}
      history={<p>Recorded calls here</p>}
    />,
  );
}

const views = () => screen.getByRole('tablist', { name: 'Sidebar views' });
/** Radix tabs switch on mouse down, as a click begins. */
const choose = (name: string) =>
  fireEvent.mouseDown(within(views()).getByRole('tab', { name: new RegExp(`^${name}`) }));

describe('the sidebar views', () => {
  it('shows one view at a time: Schemas, Collections or History, each its own panel', () => {
    renderSidebar([testSource('s1')], 4);
    choose('Schemas');
    expect(screen.getByRole('tree', { name: 'Methods' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'History' })).toBeNull();

    choose('History');
    expect(within(views()).getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Recorded calls here');
    expect(screen.queryByRole('tree', { name: 'Methods' })).toBeNull();

    choose('Collections');
    expect(screen.getByRole('tabpanel', { name: /Collections/ }).textContent).toBe('Saved requests here');
  });

  it('counts sources and saved requests on their tabs', () => {
    renderSidebar([testSource('s1'), testSource('s2')], 7);
    expect(
      within(views())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Schemas2', 'Collections7', 'History', 'Mocks']);
  });

  it('switches with Ctrl+Shift+1/2/3, and the choice is there after the sidebar mounts again', () => {
    const { unmount } = renderSidebar();
    const shown = () => screen.getByRole('tabpanel').textContent;
    fireEvent.keyDown(window, { key: '#', code: 'Digit3', ctrlKey: true, shiftKey: true });
    expect(shown()).toBe('Recorded calls here');
    unmount();
    renderSidebar();
    expect(shown()).toBe('Recorded calls here');
    expect(localStorage.getItem('protodesk.sidebarView')).toBe('history');
    fireEvent.keyDown(window, { key: '!', code: 'Digit1', ctrlKey: true, shiftKey: true });
    expect(shown()).toContain('No schemas yet');
  });

  it('with no schema, says what to do and offers both imports; with one, the imports move to the header', () => {
    const { rerender } = renderSidebar();
    choose('Schemas');
    expect(screen.queryByRole('tree', { name: 'Methods' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Filter methods' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import from server reflection' }));
    expect(screen.getByRole('dialog', { name: 'Import from server reflection' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    rerender(
      <Sidebar
        sources={[testSource('s1')]}
        onSourcesChanged={vi.fn()}
        onOpenMethod={vi.fn()}
        onPreviewMethod={vi.fn()}
        api={api}
        collections={null}
        collectionCount={0}
        history={null}
      />,
    );
    expect(screen.queryByText('No schemas yet')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Import protos' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Import protos' }));
    expect(screen.getByRole('dialog', { name: 'Import protos' })).toBeTruthy();
  });
});
