/**
 * "Insert file as base64" for bytes fields: a button at the value of the bytes field the cursor is on, and the same
 * command in the editor's context menu. The user picks the file, the engine reads it, the editor puts its base64 in
 * place of the value and says what it inserted; the engine's refusal (too large, unreadable) shows in the same place.
 */
import { useEffect } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { maxBytesFileSize } from '../../../shared/api/types';
import { humanBytes } from '../../model/format-units';
import type { RequestEditorTools } from '../types';
import { bytesValueAt, type BytesValue } from './bytes-value';
import { monaco } from './setup';

const label = 'Insert file as base64';
/** Cursor moves settle this long before the JSON worker is asked where the cursor is. */
const settleMs = 150;

/** Adds the button and the context-menu command to `editor` while `tools` is given. */
export function useBytesFileAction(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  tools: RequestEditorTools | undefined,
): void {
  useEffect(() => {
    if (!editor || !tools) return;
    const widget = new BytesWidget(() => void insert());
    editor.addContentWidget(widget);
    let current: BytesValue | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;

    const valueAtCursor = async (): Promise<BytesValue | undefined> => {
      const model = editor.getModel();
      const position = editor.getPosition();
      return model && position ? bytesValueAt(model, model.getOffsetAt(position)) : undefined;
    };
    const refresh = async (): Promise<void> => {
      const found = await valueAtCursor();
      if (!live) return;
      // The message stays while the cursor is still in the same value (after an insert it sits inside the new one).
      if (!found || !current || !found.range.getStartPosition().equals(current.range.getStartPosition())) {
        widget.say('');
      }
      current = found;
      widget.at(found && anchorOf(editor, found));
      editor.layoutContentWidget(widget);
    };
    const insert = async (): Promise<void> => {
      const target = await valueAtCursor();
      if (!target) {
        const position = editor.getPosition();
        if (position)
          messages(editor)?.showMessage('Put the cursor on the value of a bytes field first.', position);
        return;
      }
      try {
        const file = await tools.chooseFileAsBase64();
        if (!file || !live) return;
        const model = editor.getModel();
        // The text may have changed while the dialog was open: replace the value only if it is still there.
        const now = model && (await bytesValueAt(model, model.getOffsetAt(target.range.getStartPosition())));
        if (!now) {
          widget.say(
            'The bytes value moved while the file was chosen. Put the cursor on it and try again.',
            'alert',
          );
          editor.layoutContentWidget(widget);
          return;
        }
        const { range } = now;
        editor.executeEdits('protodesk.bytesFile', [{ range, text: `"${file.base64}"` }]);
        editor.pushUndoStop();
        editor.setPosition(range.getStartPosition().delta(0, 1));
        current = {
          range: new monaco.Range(
            range.startLineNumber,
            range.startColumn,
            range.startLineNumber,
            range.startColumn + file.base64.length + 2,
          ),
        };
        widget.at(anchorOf(editor, current));
        widget.say(`Inserted ${file.name}, ${humanBytes(file.size)} as base64`);
        editor.layoutContentWidget(widget);
        editor.focus();
      } catch (error) {
        widget.say(
          error instanceof ApiError
            ? [error.failure.message, error.failure.hint].filter(Boolean).join(' ')
            : `Could not insert the file: ${String(error)}`,
          'alert',
        );
        editor.layoutContentWidget(widget);
      }
    };

    const schedule = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), settleMs);
    };
    const subscriptions = [
      editor.onDidChangeCursorPosition(schedule),
      editor.onDidChangeModelContent(schedule),
      editor.addAction({
        id: 'protodesk.insertFileAsBase64',
        label: `${label}…`,
        contextMenuGroupId: '1_modification',
        run: () => insert(),
      }),
    ];
    return () => {
      live = false;
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.dispose();
      editor.removeContentWidget(widget);
    };
  }, [editor, tools]);
}

/** Where the button sits: above the start of the value's line, so the message beside it stays inside the editor. */
function anchorOf(editor: monaco.editor.IStandaloneCodeEditor, value: BytesValue): monaco.IPosition {
  const { startLineNumber } = value.range;
  const column = editor.getModel()?.getLineFirstNonWhitespaceColumn(startLineNumber) ?? 1;
  return { lineNumber: startLineNumber, column: Math.max(1, column) };
}

/** The button (and what the last insert said), anchored at the start of the bytes value. */
class BytesWidget implements monaco.editor.IContentWidget {
  private readonly node = document.createElement('div');
  private readonly message = document.createElement('span');
  private position: monaco.IPosition | undefined;

  constructor(onInsert: () => void) {
    this.node.className = 'pd-bytes-file';
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.title = `${label} (files up to ${maxBytesFileSize / 1024 / 1024} MiB)`;
    // Keeps the editor's cursor (and so the value to replace) where it is.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', onInsert);
    this.message.setAttribute('role', 'status');
    this.node.append(button, this.message);
  }

  getId(): string {
    return 'protodesk.bytesFile';
  }

  getDomNode(): HTMLElement {
    return this.node;
  }

  getPosition(): monaco.editor.IContentWidgetPosition | null {
    if (!this.position) return null;
    const { ABOVE, BELOW } = monaco.editor.ContentWidgetPositionPreference;
    return { position: this.position, preference: [ABOVE, BELOW] };
  }

  at(position: monaco.IPosition | undefined): void {
    this.position = position;
  }

  /** Shows a message beside the button: a status after an insert, an alert when the engine refused. */
  say(text: string, role: 'status' | 'alert' = 'status'): void {
    this.message.setAttribute('role', role);
    this.message.className =
      role === 'alert' ? 'pd-bytes-file-message pd-bytes-file-refused' : 'pd-bytes-file-message';
    this.message.textContent = text;
  }
}

/** Monaco's own inline message (as for "Cannot edit in read-only editor"). */
function messages(
  editor: monaco.editor.IStandaloneCodeEditor,
): { showMessage(message: string, position: monaco.IPosition): void } | null {
  return editor.getContribution('editor.contrib.messageController') as unknown as {
    showMessage(message: string, position: monaco.IPosition): void;
  } | null;
}
