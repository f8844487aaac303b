// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourceState } from '../../../../src/shared/api/types';
import { MethodTree } from '../../../../src/renderer/features/sidebar/MethodTree';
import type { MethodTreeProps } from '../../../../src/renderer/features/sidebar/MethodTree';
import { largeSource, testSource } from './sources';

afterEach(cleanup);

function renderTree(overrides: Partial<MethodTreeProps> = {}) {
  const props: MethodTreeProps = {
    sources: [testSource()],
    filter: '',
    reloading: new Set(),
    onOpenMethod: vi.fn(),
    onPreviewMethod: vi.fn(),
    onReload: vi.fn(),
    onRemove: vi.fn(),
    ...overrides,
  };
  const view = render(<MethodTree {...props} />);
  return { ...view, props };
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('MethodTree', () => {
  it('names method items by the method name alone and shows the kind as a badge and description', () => {
    renderTree();
    const tree = screen.getByRole('tree', { name: 'Methods' });
    const call = within(tree).getByRole('treeitem', { name: 'StreamingOutputCall' });
    expect(call.getAttribute('aria-level')).toBe('3');
    expect(call.getAttribute('aria-description')).toBe('server stream');
    expect(call.textContent).toContain('server stream');
    expect(item('FullDuplexCall').textContent).toContain('bidi');
    expect(item('StreamingInputCall').textContent).toContain('client stream');
    expect(item('UnaryCall').textContent).toContain('unary');
    expect(item('TestService').getAttribute('aria-expanded')).toBe('true');
    expect(
      within(item('test.proto, proto files · 2 services')).getByText('proto files · 2 services'),
    ).toBeTruthy();
  });

  it('walks the tree with the keyboard and opens a method with Enter', () => {
    const { props } = renderTree();
    const source = item('test.proto, proto files · 2 services');
    expect(source.tabIndex).toBe(0);
    expect(item('UnaryCall').tabIndex).toBe(-1);
    act(() => source.focus());
    press('ArrowDown');
    expect(document.activeElement).toBe(item('TestService'));
    press('ArrowLeft');
    expect(item('TestService').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('treeitem', { name: 'UnaryCall' })).toBeNull();
    press('ArrowRight');
    press('ArrowRight');
    expect(document.activeElement).toBe(item('EmptyCall'));
    press('ArrowDown');
    press('Enter');
    expect(props.onOpenMethod).toHaveBeenCalledWith('s1', expect.objectContaining({ name: 'UnaryCall' }));
    press('ArrowLeft');
    expect(document.activeElement).toBe(item('TestService'));
    press('End');
    expect(document.activeElement).toBe(item('Watch'));
    expect(item('Watch').tabIndex).toBe(0);
    press('Home');
    expect(document.activeElement).toBe(source);
  });

  it('selects and previews on a click, opens on a double-click (whose second click previews nothing more)', () => {
    const { props } = renderTree();
    const row = within(item('Check')).getByText('Check');
    const check = expect.objectContaining({ fullName: 'grpc.health.v1.Health.Check' });
    fireEvent.click(row, { detail: 1 });
    expect(item('Check').getAttribute('aria-selected')).toBe('true');
    expect(props.onPreviewMethod).toHaveBeenCalledWith('s1', check);
    expect(props.onOpenMethod).not.toHaveBeenCalled();
    fireEvent.click(row, { detail: 2 });
    fireEvent.doubleClick(row);
    expect(props.onPreviewMethod).toHaveBeenCalledTimes(1);
    expect(props.onOpenMethod).toHaveBeenCalledWith('s1', check);
  });

  it('marks the method selected from outside', () => {
    renderTree({ selected: { sourceId: 's1', fullName: 'grpc.testing.TestService.FullDuplexCall' } });
    expect(item('FullDuplexCall').getAttribute('aria-selected')).toBe('true');
    expect(item('FullDuplexCall').tabIndex).toBe(0);
  });

  it('starts large sources collapsed and renders no hidden methods', () => {
    renderTree({ sources: [largeSource('big', 300)] });
    expect(item('BigService').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByRole('treeitem')).toHaveLength(2);
    fireEvent.click(item('BigService').querySelector('.pd-tree-row') as HTMLElement);
    expect(screen.getAllByRole('treeitem')).toHaveLength(302);
  });

  it('filters and says when nothing matches', () => {
    const { rerender, props } = renderTree({ filter: 'check' });
    expect(
      // A long label is a read copy and its two drawn parts (MiddleTruncate): the copy comes first.
      screen
        .getAllByRole('treeitem')
        .map(
          (node) =>
            node.querySelector('.pd-tree-label .pd-visually-hidden, .pd-tree-label .pd-middle-head')
              ?.textContent,
        ),
    ).toEqual(['test.proto', 'Health', 'Check']);
    rerender(<MethodTree {...props} filter="zzz" />);
    expect(screen.queryAllByRole('treeitem')).toHaveLength(0);
    expect(screen.getByText('No methods match')).toBeTruthy();
  });

  it('shows a failed source’s problems with file:line:column and the hint, and its row buttons', () => {
    const failed: SourceState = {
      ...testSource('bad'),
      label: 'broken.proto',
      status: 'failed',
      services: [],
      problems: [
        {
          message: 'import "common/types.proto" was not found',
          location: { file: 'api/broken.proto', line: 3, column: 8 },
          hint: 'Add the folder that contains common/types.proto to the import paths',
        },
      ],
    };
    const { props } = renderTree({ sources: [failed] });
    const source = item('broken.proto, proto files, failed');
    expect(source.hasAttribute('aria-expanded')).toBe(false);
    expect(within(source).getByText('api/broken.proto:3:8')).toBeTruthy();
    expect(within(source).getByText('import "common/types.proto" was not found')).toBeTruthy();
    expect(within(source).getByText(/Add the folder that contains common\/types.proto/)).toBeTruthy();
    fireEvent.click(within(source).getByRole('button', { name: 'Reload source' }));
    expect(props.onReload).toHaveBeenCalledWith(failed);
    fireEvent.click(within(source).getByRole('button', { name: 'Remove source' }));
    expect(props.onRemove).toHaveBeenCalledWith(failed);
  });
});
