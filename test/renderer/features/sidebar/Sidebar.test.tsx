// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/shared/api/errors';
import type { SourceState } from '../../../../src/shared/api/types';
import type { SchemaSource } from '../../../../src/shared/schema';
import { Sidebar } from '../../../../src/renderer/features/sidebar/Sidebar';
import type { SidebarProps } from '../../../../src/renderer/features/sidebar/Sidebar';
import { emptyHomeChooser } from '../import/engine-info';
import { testSource } from './sources';

afterEach(cleanup);

/** An engine answering from memory: `.proto` paths containing "missing" fail to load, reflection of "down:1" is refused. */
function memoryEngine() {
  const sources: SourceState[] = [];
  let next = 1;
  const added: SchemaSource[] = [];
  const api: NonNullable<SidebarProps['api']> = {
    sources: {
      list: async () => [...sources],
      add: async ({ source }) => {
        added.push(source);
        if (source.kind === 'reflection' && source.target === 'down:1') {
          throw new ApiError({
            kind: 'connection',
            message: 'connect ECONNREFUSED 127.0.0.1:1',
            hint: 'Is the server running?',
          });
        }
        const failed = source.kind === 'protoFiles' && source.files.some((file) => file.includes('missing'));
        const state: SourceState = failed
          ? {
              ...testSource(`s${next++}`),
              label: 'missing.proto',
              status: 'failed',
              services: [],
              problems: [
                {
                  message: 'file not found',
                  location: { file: 'missing.proto', line: 1, column: 1 },
                  hint: 'Check the path',
                },
              ],
            }
          : testSource(`s${next++}`);
        sources.push(state);
        return state;
      },
      addDropped: async () => testSource(`s${next++}`),
      reload: async ({ sourceId: id }) => sources.find((source) => source.id === id) ?? testSource(id),
      remove: async ({ sourceId: id }) => {
        const index = sources.findIndex((source) => source.id === id);
        if (index >= 0) sources.splice(index, 1);
      },
    },
    ...emptyHomeChooser,
  };
  return { api, sources, added };
}

function renderSidebar() {
  const engine = memoryEngine();
  const changes: SourceState[][] = [];
  const props: SidebarProps = {
    sources: [],
    onSourcesChanged: (list) => changes.push(list),
    onOpenMethod: vi.fn(),
    onPreviewMethod: vi.fn(),
    api: engine.api,
    collections: <p>Saved requests</p>,
    collectionCount: 0,
    history: <p>Recorded calls</p>,
  };
  const view = render(<Sidebar {...props} />);
  return { ...view, engine, changes, props };
}

const typeInto = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/** Holds the engine's loads until the returned `finish` is called, as a source that takes long to load. */
function holdLoads(engine: ReturnType<typeof memoryEngine>): () => void {
  let finish: () => void = () => undefined;
  const slow = engine.api.sources.add;
  engine.api.sources.add = (source) => new Promise((resolve) => (finish = () => resolve(slow(source))));
  return () => finish();
}

describe('Sidebar', () => {
  it('imports protos: a failed load keeps the dialog open with its problems; a retry replaces it and closes', async () => {
    const { engine, changes } = renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Import protos' }));
    const dialog = screen.getByRole('dialog', { name: 'Import protos' });
    expect(within(dialog).getByRole('radio', { name: 'Proto files' })).toHaveProperty('checked', true);
    typeInto(within(dialog).getByRole('textbox', { name: 'Path' }), '/p/missing.proto');
    typeInto(within(dialog).getByRole('textbox', { name: 'Import paths' }), '/p\n/vendor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('missing.proto:1:1')).toBeTruthy();
    expect(within(alert).getByText('Check the path')).toBeTruthy();
    expect(engine.added[0]).toEqual({
      kind: 'protoFiles',
      files: ['/p/missing.proto'],
      importPaths: ['/p', '/vendor'],
    });
    expect(changes.at(-1)?.map((source) => source.status)).toEqual(['failed']);

    typeInto(within(dialog).getByRole('textbox', { name: 'Path' }), '/p/test.proto, /p/other.proto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(engine.added[1]).toEqual({
      kind: 'protoFiles',
      files: ['/p/test.proto', '/p/other.proto'],
      importPaths: ['/p', '/vendor'],
    });
    expect(changes.at(-1)?.map((source) => source.status)).toEqual(['loaded']);
  });

  it('Cancel after a failed import removes the failed source from the list', async () => {
    const { engine, changes } = renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Import protos' }));
    const dialog = screen.getByRole('dialog', { name: 'Import protos' });
    typeInto(within(dialog).getByRole('textbox', { name: 'Path' }), '/p/missing.proto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByRole('alert');
    expect(changes.at(-1)?.map((source) => source.status)).toEqual(['failed']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
    expect(engine.sources).toEqual([]);
  });

  it('Cancel while an import loads removes the source once it has loaded', async () => {
    const { engine, changes } = renderSidebar();
    const finish = holdLoads(engine);
    fireEvent.click(screen.getByRole('button', { name: 'Import protos' }));
    const dialog = screen.getByRole('dialog', { name: 'Import protos' });
    typeInto(within(dialog).getByRole('textbox', { name: 'Path' }), '/p/test.proto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await screen.findAllByText('Loading… test.proto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => finish());
    await waitFor(() => expect(engine.added).toHaveLength(1));
    await waitFor(() => expect(engine.sources).toEqual([]));
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
  });

  it('imports a descriptor set without import paths', async () => {
    const { engine } = renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Import protos' }));
    const dialog = screen.getByRole('dialog', { name: 'Import protos' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Descriptor set' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Import paths' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Enter a descriptor set file');
    typeInto(within(dialog).getByRole('textbox', { name: 'Path' }), '/x/api.binpb');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(engine.added).toEqual([{ kind: 'descriptorSet', file: '/x/api.binpb' }]);
  });

  it('imports by reflection with TLS and enabled metadata, and shows a refused connection with its hint', async () => {
    const { engine } = renderSidebar();
    fireEvent.click(screen.getByRole('button', { name: 'Import from server reflection' }));
    const dialog = screen.getByRole('dialog', { name: 'Import from server reflection' });
    typeInto(within(dialog).getByRole('textbox', { name: 'Server address' }), 'down:1');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'TLS' }), { target: { value: 'tls' } });
    typeInto(within(dialog).getByRole('textbox', { name: 'Server name' }), 'foo.test.google.fr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add metadata' }));
    typeInto(within(dialog).getByRole('textbox', { name: 'Metadata key' }), 'authorization');
    typeInto(within(dialog).getByRole('textbox', { name: 'Metadata value' }), 'Bearer t');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('connect ECONNREFUSED 127.0.0.1:1');
    expect(alert.textContent).toContain('Is the server running?');
    expect(engine.added[0]).toEqual({
      kind: 'reflection',
      target: 'down:1',
      tls: { mode: 'tls', serverName: 'foo.test.google.fr' },
      metadata: [{ key: 'authorization', value: 'Bearer t' }],
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filters methods from the textbox and removes a source', async () => {
    const { engine, changes, rerender, props } = renderSidebar();
    await act(() =>
      engine.api.sources.add({ source: { kind: 'protoFiles', files: ['/p/test.proto'], importPaths: [] } }),
    );
    rerender(<Sidebar {...props} sources={engine.sources} />);
    expect(screen.getByRole('treeitem', { name: 'UnaryCall' })).toBeTruthy();

    typeInto(screen.getByRole('textbox', { name: 'Filter methods' }), 'duplex');
    await waitFor(() => expect(screen.queryByRole('treeitem', { name: 'UnaryCall' })).toBeNull());
    expect(screen.getByRole('treeitem', { name: 'FullDuplexCall' })).toBeTruthy();
    typeInto(screen.getByRole('textbox', { name: 'Filter methods' }), 'no such method');
    expect(await screen.findByText('No methods match')).toBeTruthy();
    typeInto(screen.getByRole('textbox', { name: 'Filter methods' }), '');

    fireEvent.click(await screen.findByRole('button', { name: 'Remove source' }));
    await waitFor(() => expect(changes.at(-1)).toEqual([]));
  });

  it('shows "Loading…" with the source label while a source loads', async () => {
    const { engine } = renderSidebar();
    const finish = holdLoads(engine);
    fireEvent.click(screen.getByRole('button', { name: 'Import from server reflection' }));
    const dialog = screen.getByRole('dialog', { name: 'Import from server reflection' });
    typeInto(within(dialog).getByRole('textbox', { name: 'Server address' }), 'localhost:50051');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const statuses = await screen.findAllByText('Loading… localhost:50051');
    expect(statuses.length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    act(() => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Loading… localhost:50051')).toBeNull();
  });
});
