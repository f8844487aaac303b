/**
 * The rules editor of one method's stub file (mocks/<pkg.Service>/<Method>.json in the workspace): a non-modal panel
 * at the window's right edge, like Docs, so a request tab stays usable beside it. The editor completes and validates
 * the file by its JSON Schema (the method's response message in every response body, its request in `match.body`);
 * Save writes the file, and a mock of it serves the new rules at once. Escape or Close closes it.
 */
import { Save, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import { toFailure } from '../../../shared/api/errors';
import type { ApiFailure } from '../../../shared/api/types';
import type { MockProblem } from '../../../shared/mock';
import type { MockRules } from '../../../shared/mock-control';
import { FailureMessage } from '../../components/ProblemList';
import { JsonEditor, type EditorProblem } from '../../editor';
import { methodName } from '../../model/history-format';
import { MockProblems } from './MockProblems';
import '../docs/docs.css';
import type { OpenRules } from './mock-store';

/** The operations the panel uses. */
export type RulesPanelApi = ApiPick<'mocks.readRules' | 'mocks.saveRules'>;

type Loaded = { rules: MockRules } | { failure: ApiFailure } | null;

/** The editor's model URI of a method's stub file. */
export const rulesModelUri = (method: string): string => `protodesk://mocks/${method}.json`;

/** The first problem with a place in the file, as the editor's marker. */
export function editorProblem(problems: MockProblem[]): EditorProblem | undefined {
  const placed = problems.find((problem) => problem.line !== undefined);
  if (!placed || placed.line === undefined) return undefined;
  return {
    line: placed.line,
    column: placed.column ?? 1,
    message: `${placed.message} ${placed.hint}`.trim(),
  };
}

/** The panel; it reads the stub file when it opens. */
export function RulesPanel(props: {
  api: RulesPanelApi;
  rules: OpenRules;
  theme: 'light' | 'dark';
  onClose(): void;
}): React.JSX.Element {
  const { api, rules, theme } = props;
  const { sourceId, method } = rules;
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [text, setText] = useState('');
  const [savedText, setSavedText] = useState('');
  const [problems, setProblems] = useState<MockProblem[]>([]);
  const [status, setStatus] = useState<{ text: string; error?: ApiFailure } | undefined>(
    rules.note === undefined ? undefined : { text: rules.note },
  );
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    api.mocks.readRules({ sourceId, method }).then(
      (read) => {
        if (!live) return;
        setLoaded({ rules: read });
        setText(read.text);
        setSavedText(read.exists ? read.text : '');
        setProblems(read.problems);
      },
      (error: unknown) => live && setLoaded({ failure: toFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, sourceId, method]);
  useEffect(() => title.current?.focus(), [method]);
  // Below the app's top bar, as the Docs panel: the workspace and theme controls stay reachable.
  useLayoutEffect(() => {
    const below = panel.current?.ownerDocument.querySelector('.app-body')?.getBoundingClientRect().top;
    if (panel.current && below) panel.current.style.top = `${below}px`;
  }, []);

  const dirty = loaded !== null && 'rules' in loaded && text !== savedText;
  const save = async (): Promise<void> => {
    if (!loaded || !('rules' in loaded) || saving) return;
    setSaving(true);
    try {
      const saved = await api.mocks.saveRules({ sourceId, method, text });
      setSavedText(text);
      setProblems(saved.problems);
      setStatus({
        text:
          saved.problems.length === 0
            ? `Saved ${saved.file}`
            : `Saved ${saved.file}; a mock cannot serve what is marked below`,
      });
    } catch (error) {
      setStatus({ text: 'Not saved', error: toFailure(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={panel}
      open
      className="pd-docs pd-rules"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          // What Monaco closes with Esc (suggestions, a snippet) stops the key there; it marks others handled too.
          event.preventDefault();
          props.onClose();
        } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <header className="pd-docs-header">
        <h2 id={titleId} ref={title} tabIndex={-1} title={method}>
          Rules: {methodName(method)}
        </h2>
        <button type="button" className="primary" disabled={!dirty || saving} onClick={() => void save()}>
          <Save aria-hidden="true" size={14} />
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" aria-label="Close rules" title="Close (Esc)" onClick={props.onClose}>
          <X aria-hidden="true" size={14} />
        </button>
      </header>
      {loaded === null && <p className="pd-doc-empty">Loading…</p>}
      {loaded && 'failure' in loaded && (
        <div className="pd-rules-body">
          <FailureMessage failure={loaded.failure} />
        </div>
      )}
      {loaded && 'rules' in loaded && (
        <>
          <p className="pd-rules-file">
            <code>{loaded.rules.file}</code>
            {!loaded.rules.exists && savedText === '' && ' (new: Save creates it)'}
            {dirty && <span className="pd-rules-dirty"> · edited</span>}
          </p>
          <div className="pd-rules-editor">
            <JsonEditor
              value={text}
              onChange={setText}
              jsonSchema={loaded.rules.jsonSchema}
              modelUri={rulesModelUri(method)}
              ariaLabel="Stub rules JSON"
              theme={theme}
              onRun={() => void save()}
              problem={editorProblem(problems)}
            />
          </div>
          <div className="pd-rules-foot">
            {status && (
              <span className={status.error ? 'pd-mock-note pd-mock-error' : 'pd-mock-note'} role="status">
                {status.text}
              </span>
            )}
            {status?.error && <FailureMessage failure={status.error} />}
            <MockProblems problems={problems} label="Problems of this stub file" />
            <p className="pd-mock-note">
              The first rule whose <code>match</code> fits a call answers it; a call no rule matches gets the
              mock’s fallback. Templates such as <code>{'{{request.id}}'}</code> fill in from the request.
            </p>
          </div>
        </>
      )}
    </dialog>
  );
}
