/** The app shell: top bar, sidebar | (tab strip + request | response), the command palette, window shortcuts. */
import { useEffect, useMemo, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { ProtodeskApi } from '../shared/api/contract';
import { PathChooserProvider } from './features/import/path-chooser';
import { CommandPalette } from './features/palette/CommandPalette';
import { paletteItems } from './features/palette/palette-items';
import { Sidebar } from './features/sidebar/Sidebar';
import { EmptyState } from './features/tabs/EmptyState';
import { TabStrip } from './features/tabs/TabStrip';
import { TabWorkspace } from './features/tabs/TabWorkspace';
import { useShortcuts } from './features/tabs/use-shortcuts';
import { StoreProvider, useActiveTab, useAppStore, useAppStoreApi } from './state/context';
import { createAppStore } from './state/store';
import { useTheme } from './theme';
import './styles/theme.css';
import './styles/app.css';

const mac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The whole app over an engine API. */
export function App(props: { api: ProtodeskApi }): React.JSX.Element {
  const [store] = useState(() => createAppStore(props.api));
  useEffect(() => store.getState().start(), [store]);
  useShortcuts(store, mac);
  return (
    <StoreProvider store={store}>
      <PathChooserProvider>
        <Shell api={props.api} />
      </PathChooserProvider>
    </StoreProvider>
  );
}

function Shell(props: { api: ProtodeskApi }): React.JSX.Element {
  const { theme, toggle } = useTheme();
  const layout = useDefaultLayout({ id: 'protodesk-sidebar-main' });
  const sources = useAppStore((state) => state.sources);
  const sourcesFailure = useAppStore((state) => state.sourcesFailure);
  const tabs = useAppStore((state) => state.tabs);
  const paletteOpen = useAppStore((state) => state.paletteOpen);
  const actions = useAppStoreApi().getState();
  const active = useActiveTab();
  const items = useMemo(() => paletteItems(sources), [sources]);
  const strip = useMemo(
    () => tabs.map((tab) => ({ id: tab.id, title: tab.title, dirty: tab.dirty, busy: !!tab.starting || (!!tab.call && !tab.call.status) })),
    [tabs],
  );

  return (
    <div className="app">
      <header className="top-bar">
        <span className="app-name">Protodesk</span>
        <button
          type="button"
          className="palette-hint"
          title="Go to method (Ctrl+K)"
          onClick={() => actions.setPaletteOpen(true)}
        >
          Go to method… <kbd>{mac ? '⌘K' : 'Ctrl+K'}</kbd>
        </button>
        <button type="button" className="icon-button" aria-label="Toggle theme" title="Toggle theme" onClick={toggle}>
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
      {sourcesFailure && (
        <p className="app-failure" role="alert">
          Could not list the loaded sources: {sourcesFailure.message}
        </p>
      )}
      <Group
        orientation="horizontal"
        className="app-body"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="sidebar" defaultSize="22%" minSize="180px" maxSize="50%">
          <Sidebar
            sources={sources}
            onSourcesChanged={actions.setSources}
            onOpenMethod={actions.openMethod}
            selected={active ? { sourceId: active.sourceId, fullName: active.method.fullName } : undefined}
          />
        </Panel>
        <Separator className="split-handle vertical" />
        <Panel id="main" minSize="400px">
          <main className="main-area">
            <TabStrip
              tabs={strip}
              activeId={active?.id}
              onActivate={actions.activate}
              onClose={actions.close}
              onMove={actions.move}
            />
            {active ? (
              <TabWorkspace tab={active} theme={theme} api={props.api} />
            ) : (
              <EmptyState hasMethods={items.length > 0} />
            )}
          </main>
        </Panel>
      </Group>
      {paletteOpen && (
        <CommandPalette
          items={items}
          onClose={() => actions.setPaletteOpen(false)}
          onOpen={(item) => {
            actions.setPaletteOpen(false);
            actions.openMethod(item.sourceId, item.method);
          }}
        />
      )}
    </div>
  );
}
