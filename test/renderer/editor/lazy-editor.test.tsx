// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { focusEditor } from '../../../src/renderer/editor';
import { takeFocusHandoff } from '../../../src/renderer/editor/focus-registry';
import { createLazyJsonEditor } from '../../../src/renderer/editor/lazy-editor';
import type { JsonEditorProps } from '../../../src/renderer/editor/types';

type EditorModule = { default: (props: JsonEditorProps) => React.JSX.Element };

/** A loader the test settles by hand, standing in for the Monaco chunk's import. */
function manualLoader(): {
  load: () => Promise<EditorModule>;
  resolve: (m: EditorModule) => void;
  reject: (e: Error) => void;
} {
  let resolve!: (m: EditorModule) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<EditorModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

/** The app's way of holding the text: state fed by onChange. */
function Controlled(props: {
  Editor: (p: JsonEditorProps) => React.JSX.Element;
  onRun?: () => void;
}): React.JSX.Element {
  const [text, setText] = useState('{}');
  return (
    <>
      <props.Editor
        value={text}
        onChange={setText}
        modelUri="protodesk://tab/1/request.json"
        ariaLabel="Request JSON"
        theme="light"
        onRun={props.onRun}
      />
      <output aria-label="Value">{text}</output>
    </>
  );
}

/** A finished editor for the tests: shows what it was given. */
function Loaded(props: JsonEditorProps): React.JSX.Element {
  return (
    <div role="region" aria-label="Loaded editor">
      {props.value}
    </div>
  );
}

afterEach(cleanup);

describe('JsonEditor before Monaco has loaded', () => {
  test('is a text box with the given name and value, and typing reaches onChange', () => {
    const Editor = createLazyJsonEditor(manualLoader().load);
    render(<Controlled Editor={Editor} />);
    const box = screen.getByRole('textbox', { name: 'Request JSON' });
    expect(box).toHaveProperty('value', '{}');
    fireEvent.change(box, { target: { value: '{"name": "x"}' } });
    expect(screen.getByRole('status', { name: 'Value' }).textContent).toBe('{"name": "x"}');
  });

  test('Ctrl+Enter and Cmd+Enter run; plain Enter does not', () => {
    const onRun = vi.fn();
    const Editor = createLazyJsonEditor(manualLoader().load);
    render(<Controlled Editor={Editor} onRun={onRun} />);
    const box = screen.getByRole('textbox', { name: 'Request JSON' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    expect(onRun).toHaveBeenCalledTimes(2);
  });

  test('focusEditor puts the keyboard in it', () => {
    const Editor = createLazyJsonEditor(manualLoader().load);
    render(<Controlled Editor={Editor} />);
    focusEditor('protodesk://tab/1/request.json');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Request JSON' }));
  });
});

describe('JsonEditor once Monaco has loaded', () => {
  test('the loaded editor replaces the text box with the current value', async () => {
    const loader = manualLoader();
    const Editor = createLazyJsonEditor(loader.load);
    render(<Controlled Editor={Editor} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Request JSON' }), {
      target: { value: '{"a": 1}' },
    });
    await act(async () => loader.resolve({ default: Loaded }));
    expect(screen.queryByRole('textbox', { name: 'Request JSON' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Loaded editor' }).textContent).toBe('{"a": 1}');
  });

  test('a focused text box hands its caret over to the loaded editor', async () => {
    const loader = manualLoader();
    const Editor = createLazyJsonEditor(loader.load);
    render(<Controlled Editor={Editor} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Request JSON' });
    box.focus();
    box.setSelectionRange(1, 1);
    await act(async () => loader.resolve({ default: Loaded }));
    expect(takeFocusHandoff('protodesk://tab/1/request.json')).toBe(1);
  });

  test('when the chunk fails to load, the text box stays and keeps working', async () => {
    const loader = manualLoader();
    const Editor = createLazyJsonEditor(loader.load);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Controlled Editor={Editor} />);
    await act(async () => loader.reject(new Error('chunk 404')));
    const box = screen.getByRole('textbox', { name: 'Request JSON' });
    fireEvent.change(box, { target: { value: '[]' } });
    expect(screen.getByRole('status', { name: 'Value' }).textContent).toBe('[]');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
