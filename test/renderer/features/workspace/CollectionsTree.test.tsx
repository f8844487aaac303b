// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollectionsTree } from '../../../../src/renderer/features/workspace/CollectionsTree';
import type { SavedRequestEntry } from '../../../../src/shared/workspace';

afterEach(cleanup);

const entry = (
  collection: string,
  folders: string[],
  name: string,
  method = 'users.Users/Get',
): SavedRequestEntry => ({
  path: ['collections', collection, ...folders, `${name}.json`].join('/'),
  collection,
  folders,
  name,
  method,
});

const requests = [
  entry('users', ['admin', 'v2'], 'Delete user', 'users.Users/Delete'),
  entry('users', [], 'Get user'),
  entry('smoke', [], 'Unary', 'grpc.testing.TestService/UnaryCall'),
];

function renderTree() {
  const onOpen = vi.fn();
  const onPreview = vi.fn();
  const onExport = vi.fn();
  const onSettings = vi.fn();
  render(
    <CollectionsTree
      requests={requests}
      onOpen={onOpen}
      onPreview={onPreview}
      onExport={onExport}
      onSettings={onSettings}
    />,
  );
  const tree = screen.getByRole('tree', { name: 'Collections' });
  const item = (name: string) => within(tree).getByRole('treeitem', { name });
  return { tree, item, onOpen, onPreview, onExport, onSettings };
}

const names = (tree: HTMLElement) =>
  within(tree)
    .getAllByRole('treeitem')
    // A long label is a read copy and its two drawn parts (MiddleTruncate): the copy comes first.
    .map(
      (node) =>
        node.querySelector('.pd-tree-label .pd-visually-hidden, .pd-tree-label .pd-middle-head')?.textContent,
    );

describe('the Collections tree', () => {
  it("shows collections, then each one's requests, then its folders, each level by name", () => {
    const { tree, item } = renderTree();
    expect(names(tree)).toEqual(['smoke', 'Unary', 'users', 'Get user', 'admin', 'v2', 'Delete user']);
    expect(item('v2').getAttribute('aria-level')).toBe('3');
    expect(item('Delete user').getAttribute('aria-level')).toBe('4');
    expect(item('Unary').textContent).toContain('UnaryCall');
  });

  it('previews a request on click, opens it on double-click and on Enter', () => {
    const { item, onOpen, onPreview } = renderTree();
    const row = within(item('Get user')).getByText('Get user');
    fireEvent.click(row, { detail: 1 });
    expect(onPreview).toHaveBeenLastCalledWith('collections/users/Get user.json');
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.doubleClick(row);
    expect(onOpen).toHaveBeenLastCalledWith('collections/users/Get user.json');
    item('Unary').focus();
    fireEvent.keyDown(item('Unary'), { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith('collections/smoke/Unary.json');
  });

  it('moves with the arrow keys and collapses a collection with Left, hiding its requests', () => {
    const { tree, item } = renderTree();
    item('smoke').focus();
    fireEvent.keyDown(item('smoke'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Unary'));
    fireEvent.keyDown(item('Unary'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('smoke'));
    fireEvent.keyDown(item('smoke'), { key: 'ArrowLeft' });
    expect(item('smoke').getAttribute('aria-expanded')).toBe('false');
    expect(names(tree)).not.toContain('Unary');
    fireEvent.keyDown(item('smoke'), { key: 'ArrowRight' });
    expect(names(tree)).toContain('Unary');
  });

  it('exports the collection whose button is pressed', () => {
    const { item, onExport } = renderTree();
    fireEvent.click(within(item('users')).getAllByRole('button', { name: 'Export collection' })[0]!);
    expect(onExport).toHaveBeenCalledWith('users');
  });

  it('opens a collection’s or a folder’s settings from its context menu; a request has none', async () => {
    const { item, onSettings } = renderTree();
    fireEvent.contextMenu(item('users'), { clientX: 40, clientY: 60 });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Collection settings…' }));
    expect(onSettings).toHaveBeenLastCalledWith('collections/users', item('users'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.contextMenu(item('v2'));
    const menu = await screen.findByRole('menu', { name: 'Folder actions' });
    expect(within(menu).queryByRole('menuitem', { name: 'Export collection…' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Folder settings…' }));
    expect(onSettings).toHaveBeenLastCalledWith('collections/users/admin/v2', item('v2'));

    fireEvent.contextMenu(item('Get user'));
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
