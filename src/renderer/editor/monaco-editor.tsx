/** The Monaco implementation of JsonEditor: the lazily loaded chunk (everything Monaco is reachable only from here). */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { setAnyCompletionTools } from './monaco/any-completion';
import { useBytesFileAction } from './monaco/bytes-file';
import { showProblem } from './monaco/markers';
import { editorOptions, monacoTheme } from './monaco/options';
import { usePackedSchema } from './monaco/packed-schema';
import { installSchemaDiagnostics } from './monaco/schema-diagnostics';
import { setModelSchema } from './monaco/schemas';
import { jsonLanguageLoaded, monaco } from './monaco/setup';
import { useTabFocusMode } from './monaco/tab-focus';
import { useBoundModel } from './monaco/use-model';
import { useEditorVariables } from './monaco/variables';
import { acceptPlaceholders } from './monaco/variables-schema';
import type { JsonEditorProps } from './types';
import './editor.css';

/** Settles when the editor is ready to show: wait for it before rendering MonacoJsonEditor. */
export const ready: Promise<void> = jsonLanguageLoaded;

installSchemaDiagnostics();

/** A Monaco editor on the shared model of props.modelUri, with the schema, problem marker and Ctrl/Cmd+Enter. */
export default function MonacoJsonEditor(props: JsonEditorProps): React.JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor>();
  const { modelUri, problem, readOnly = false, ariaLabel, theme, tools } = props;
  const jsonSchema = usePackedSchema(editor, props.jsonSchema, tools);

  useEffect(() => {
    if (!host.current) return;
    const { ariaLabel, readOnly = false, theme } = latest.current;
    const created = monaco.editor.create(host.current, editorOptions({ ariaLabel, readOnly, theme }));
    setEditor(created);
    return () => created.dispose();
  }, []);

  // Before the model exists: a schema published later restarts the JSON worker, dropping its first requests.
  const schema = useMemo(() => jsonSchema && acceptPlaceholders(jsonSchema), [jsonSchema]);
  useEffect(() => setModelSchema(modelUri, schema), [modelUri, schema]);
  useEffect(() => () => setModelSchema(modelUri, undefined), [modelUri]);
  useBoundModel(editor, props, latest);
  useEffect(() => {
    setAnyCompletionTools(modelUri, tools);
    return () => setAnyCompletionTools(modelUri, undefined);
  }, [modelUri, tools]);
  useBytesFileAction(editor, tools);
  useEditorVariables(editor, modelUri, props.variables);
  useTabFocusMode(editor, latest);

  useEffect(
    () => editor?.updateOptions({ readOnly, domReadOnly: readOnly, ariaLabel }),
    [editor, readOnly, ariaLabel],
  );
  // Monaco has one theme for all editors; every editor follows the same app theme, so any of them may set it.
  useEffect(() => monaco.editor.setTheme(monacoTheme(theme)), [theme]);

  const { line, column, message } = problem ?? {};
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    showProblem(
      model,
      line !== undefined && column !== undefined && message !== undefined
        ? { line, column, message }
        : undefined,
    );
  }, [editor, modelUri, line, column, message]);

  const runs = props.onRun !== undefined;
  useEffect(() => {
    if (!editor || !runs) return;
    // An action, not addCommand: its keybinding is scoped to this editor, so two editors never steal each other's run.
    const action = editor.addAction({
      id: 'protodesk.run',
      label: 'Send request',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      run: () => latest.current.onRun?.(),
    });
    return () => action.dispose();
  }, [editor, runs]);

  return <div ref={host} className="pd-json-editor" data-theme={theme} />;
}
