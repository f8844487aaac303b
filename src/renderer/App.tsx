/**
 * The app shell: top bar (workspace, environment), sidebar (schemas, collections, history, mocks) | (tab strip +
 * request | response), the command palette, the save dialogs, the rules editor of a mock, window shortcuts.
 */
import { Braces, Moon, Search, Sun } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels';
import type { ProtodeskApi } from '../shared/api/contract';
import { FailureMessage } from './components/ProblemList';
import { SignInProvider } from './features/auth/sign-in-context';
import { DeviceCodeDialog, SignInBanner } from './features/auth/SignInPrompts';
import { useEnvironmentDefaults } from './features/environments/use-environment-defaults';
import { HistoryPanel } from './features/history/HistoryPanel';
import { LoadProvider, useLoadStoreApi } from './features/load/load-context';
import { MockProvider, useMockStore } from './features/mocks/mock-context';
import { MocksView } from './features/mocks/MocksView';
import { RulesHost } from './features/mocks/RulesHost';
import { PathChooserProvider } from './components/path-chooser';
import { CommandPalette } from './features/palette/CommandPalette';
import { paletteItems, type PaletteCommand } from './features/palette/palette-items';
import { ShortcutsSheet } from './features/shortcuts/ShortcutsSheet';
import { Sidebar } from './features/sidebar/Sidebar';
import type { ImportDialog } from './features/sidebar/SchemasView';
import { CollectionsPanel } from './features/workspace/CollectionsPanel';
import { SaveDialogs } from './features/workspace/SaveDialogs';
import { WorkspaceBar, type WorkspaceDialog } from './features/workspace/WorkspaceBar';
import { WorkspaceNoticeBar } from './features/workspace/WorkspaceNoticeBar';
import { EmptyState } from './features/tabs/EmptyState';
import { OpenTabs } from './features/tabs/OpenTabs';
import { TabWorkspace } from './features/tabs/TabWorkspace';
import { useShortcuts } from './features/tabs/use-shortcuts';
import { StoreProvider, useActiveTab, useAppStore, useAppStoreApi } from './state/context';
import { createAppStore } from './state/store';
import { useTheme } from './theme';
import './styles/theme.css';
import './styles/app.css';
import { isMac as mac } from './model/platform';

/** The whole app over an engine API: the store and every component that calls the engine get this one object. */
export function App(props: { api: ProtodeskApi }): React.JSX.Element {
  const [store] = useState(() => createAppStore(props.api));
  useEffect(() => store.getState().start(), [store]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const onShortcutsSheet = useCallback(() => setSheetOpen(true), []);
  useShortcuts(store, mac, { onShortcutsSheet });
  return (
    <StoreProvider store={store}>
      <PathChooserProvider api={props.api}>
        <LoadProvider api={props.api}>
          <MockProvider api={props.api}>
            <SignInProvider api={props.api}>
              <Shell api={props.api} onShortcutsSheet={onShortcutsSheet} />
              {sheetOpen && <ShortcutsSheet mac={mac} onClose={() => setSheetOpen(false)} />}
            </SignInProvider>
          </MockProvider>
        </LoadProvider>
      </PathChooserProvider>
    </StoreProvider>
  );
}

function Shell(props: { api: ProtodeskApi; onShortcutsSheet(): void }): React.JSX.Element {
  const { theme, toggle } = useTheme();
  useEnvironmentDefaults(props.api);
  const layout = useDefaultLayout({ id: 'protodesk-sidebar-main' });
  const sources = useAppStore((state) => state.sources);
  const environment = useAppStore((state) => state.environment);
  const sourcesFailure = useAppStore((state) => state.sourcesFailure);
  const paletteOpen = useAppStore((state) => state.paletteOpen);
  const workspaceFailure = useAppStore((state) => state.workspaceFailure);
  const historyStamp = useAppStore((state) => state.historyStamp);
  const workspaceFolder = useAppStore((state) => state.workspace?.folder);
  const savedCount = useAppStore((state) => state.workspace?.requests.length ?? 0);
  const actions = useAppStoreApi().getState();
  const active = useActiveTab();
  const loads = useLoadStoreApi();
  const mockCount = useMockStore((state) => state.mocks.length);
  const [dialog, setDialog] = useState<WorkspaceDialog>(null);
  const [importDialog, setImportDialog] = useState<ImportDialog | null>(null);
  const { onShortcutsSheet } = props;
  const items = useMemo(() => paletteItems(sources), [sources]);
  const commands = useMemo((): PaletteCommand[] => {
    const command = (label: string, run: () => void): PaletteCommand => ({
      label,
      run() {
        actions.setPaletteOpen(false);
        run();
      },
    });
    return [
      command('Paste grpcurl command', () => setDialog('grpcurl')),
      command('Environments', () => setDialog('environments')),
      command('TLS profiles', () => setDialog('tls')),
      command('Keyboard shortcuts', onShortcutsSheet),
      ...(active
        ? [
            command('Save request', () => actions.requestSave(active.id)),
            command('Load test', () => loads.getState().showView(active.id, 'load')),
          ]
        : []),
    ];
  }, [actions, active, loads, onShortcutsSheet]);
  const historyKey = `${workspaceFolder ?? ''} ${historyStamp}`;

  return (
    <div className="app">
      <header className="top-bar">
        <span className="app-name">
          <Braces />
          Protodesk
        </span>
        <WorkspaceBar api={props.api} dialog={dialog} onDialog={setDialog} />
        <button
          type="button"
          className="palette-hint"
          title="Go to method (Ctrl+K)"
          onClick={() => actions.setPaletteOpen(true)}
        >
          <span className="palette-hint-text">
            <Search />
            Go to method…
          </span>
          <kbd>{mac ? '⌘K' : 'Ctrl+K'}</kbd>
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Toggle theme"
          title="Toggle theme"
          onClick={toggle}
        >
          {theme === 'dark' ? <Sun /> : <Moon />}
        </button>
      </header>
      <SignInBanner />
      <WorkspaceNoticeBar />
      {sourcesFailure && (
        <p className="app-failure" role="alert">
          Could not list the loaded sources: {sourcesFailure.message}
        </p>
      )}
      {workspaceFailure && (
        <div className="app-failure">
          <FailureMessage failure={workspaceFailure} />
          <button type="button" onClick={actions.dismissWorkspaceFailure}>
            Dismiss
          </button>
        </div>
      )}
      <Group
        orientation="horizontal"
        className="app-body"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel id="sidebar" defaultSize="24%" minSize="300px" maxSize="50%">
          <Sidebar
            sources={sources}
            onSourcesChanged={actions.setSources}
            onOpenMethod={actions.openMethod}
            onPreviewMethod={actions.previewMethod}
            api={props.api}
            selected={active ? { sourceId: active.sourceId, fullName: active.method.fullName } : undefined}
            collections={<CollectionsPanel api={props.api} />}
            collectionCount={savedCount}
            history={
              <HistoryPanel
                api={props.api}
                refreshKey={historyKey}
                onOpen={(id) => void actions.openHistory(id)}
                onPreview={(id) => void actions.previewHistory(id)}
              />
            }
            mocks={<MocksView />}
            mockCount={mockCount}
            environment={environment}
            importDialog={importDialog}
            onImportDialog={setImportDialog}
          />
        </Panel>
        <Separator className="split-handle vertical" />
        <Panel id="main" minSize="400px">
          <main className="main-area">
            <OpenTabs />
            {active ? (
              <TabWorkspace tab={active} theme={theme} api={props.api} />
            ) : (
              <EmptyState
                hasMethods={items.length > 0}
                mac={mac}
                onImport={setImportDialog}
                onPasteGrpcurl={() => setDialog('grpcurl')}
                onShortcuts={onShortcutsSheet}
              />
            )}
          </main>
        </Panel>
      </Group>
      {paletteOpen && (
        <CommandPalette
          items={items}
          commands={commands}
          onClose={() => actions.setPaletteOpen(false)}
          onOpen={(item) => {
            actions.setPaletteOpen(false);
            actions.openMethod(item.sourceId, item.method);
          }}
        />
      )}
      <SaveDialogs />
      <DeviceCodeDialog />
      <RulesHost api={props.api} theme={theme} />
    </div>
  );
}
