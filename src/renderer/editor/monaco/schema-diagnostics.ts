/**
 * The JSON language's problems, in the schema's words: Monaco's own diagnostics are switched off and the same JSON
 * worker's validation is shown through shownProblems, which puts the offending text into each message and keeps a
 * oneof clash on the member set second. Every JSON model is covered, as Monaco's adapter covered them.
 */
import { shownProblems } from '../../../shared/schema-messages';
import { getWorker, jsonDefaults, monaco } from './setup';

/** The marker owner Monaco's JSON diagnostics used, so markers read as the language's own. */
const owner = 'json';
/** Typing pauses this long before the text is validated again (Monaco's own delay). */
const settleMs = 500;

interface Diagnostic {
  message: string;
  severity?: number;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

interface Validating {
  doValidation(uri: string): Promise<Diagnostic[]>;
}

const watched = new Map<string, monaco.IDisposable>();
let installed = false;

/** Takes over the JSON language's diagnostics; the first call does it, later ones do nothing. */
export function installSchemaDiagnostics(): void {
  if (installed) return;
  installed = true;
  jsonDefaults.setModeConfiguration({ ...jsonDefaults.modeConfiguration, diagnostics: false });
  monaco.editor.onDidCreateModel(watch);
  monaco.editor.onWillDisposeModel(unwatch);
  monaco.editor.onDidChangeModelLanguage(({ model }) => {
    unwatch(model);
    watch(model);
  });
  // New schemas (a tab opened, an Any's type chosen) change what every model's problems are.
  jsonDefaults.onDidChange(() => {
    for (const model of monaco.editor.getModels())
      if (watched.has(model.uri.toString())) void validate(model);
  });
  for (const model of monaco.editor.getModels()) watch(model);
}

function watch(model: monaco.editor.ITextModel): void {
  if (model.getLanguageId() !== 'json') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changes = model.onDidChangeContent(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void validate(model), settleMs);
  });
  watched.set(model.uri.toString(), {
    dispose: () => {
      clearTimeout(timer);
      changes.dispose();
    },
  });
  void validate(model);
}

function unwatch(model: monaco.editor.ITextModel): void {
  const uri = model.uri.toString();
  watched.get(uri)?.dispose();
  watched.delete(uri);
  monaco.editor.setModelMarkers(model, owner, []);
}

async function validate(model: monaco.editor.ITextModel): Promise<void> {
  const version = model.getVersionId();
  // The worker has doValidation (Monaco's own adapter calls it), though its declared interface leaves it out.
  const worker = (await (await getWorker())(model.uri)) as unknown as Validating;
  const diagnostics = await worker.doValidation(model.uri.toString());
  // A newer text gets its own validation; a disposed model takes no markers.
  if (model.isDisposed() || model.getVersionId() !== version) return;
  const offset = ({ line, character }: { line: number; character: number }): number =>
    model.getOffsetAt({ lineNumber: line + 1, column: character + 1 });
  const problems = diagnostics.map((d) => ({
    message: d.message,
    severity: d.severity,
    start: offset(d.range.start),
    end: offset(d.range.end),
  }));
  monaco.editor.setModelMarkers(
    model,
    owner,
    shownProblems(model.getValue(), problems).map(({ message, severity, start, end }) => {
      const from = model.getPositionAt(start);
      const to = model.getPositionAt(end);
      return {
        message,
        severity: markerSeverity(severity),
        startLineNumber: from.lineNumber,
        startColumn: from.column,
        endLineNumber: to.lineNumber,
        endColumn: to.column,
      };
    }),
  );
}

/** The LSP severity (1 error … 4 hint) as Monaco's. */
function markerSeverity(severity: number | undefined): monaco.MarkerSeverity {
  const { Error, Warning, Info, Hint } = monaco.MarkerSeverity;
  return [Error, Error, Warning, Info, Hint][severity ?? 1] ?? Info;
}
