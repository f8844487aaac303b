/** The Mocks view's form: which loaded source to serve, on which port, and what a call no rule matches gets. */
import { Play } from 'lucide-react';
import { useId } from 'react';
import type { SourceState } from '../../../shared/api/types';
import type { MockFallback } from '../../../shared/mock';
import { useMockStore } from './mock-context';
import { everySource, formPort } from './mock-store';

const fallbacks: { value: MockFallback; label: string }[] = [
  { value: 'sample', label: 'A sample response' },
  { value: 'full', label: 'A sample with every field' },
  { value: 'unimplemented', label: 'UNIMPLEMENTED' },
];

/** The form; `sources` are the loaded ones (at least one). */
export function MockStartForm(props: { sources: SourceState[] }): React.JSX.Element {
  const form = useMockStore((state) => state.form);
  const starting = useMockStore((state) => state.starting);
  const setForm = useMockStore((state) => state.setForm);
  const startMock = useMockStore((state) => state.startMock);
  const id = useId();
  const sourceId =
    form.sourceId === everySource && props.sources.length > 1
      ? everySource
      : (props.sources.find((source) => source.id === form.sourceId)?.id ?? props.sources[0]?.id ?? '');
  const badPort = formPort(form.port) === undefined;
  return (
    <form
      className="pd-mock-form"
      aria-label="New mock"
      onSubmit={(event) => {
        event.preventDefault();
        if (sourceId) void startMock(sourceId);
      }}
    >
      <label htmlFor={`${id}-source`}>Schema</label>
      <select
        id={`${id}-source`}
        value={sourceId}
        onChange={(event) => setForm({ sourceId: event.target.value })}
      >
        {props.sources.map((source) => (
          <option key={source.id} value={source.id}>
            {source.label}
          </option>
        ))}
        {props.sources.length > 1 && (
          <option value={everySource}>Every loaded source ({props.sources.length})</option>
        )}
      </select>
      <label htmlFor={`${id}-port`}>Port</label>
      <input
        id={`${id}-port`}
        type="text"
        inputMode="numeric"
        placeholder="any free port"
        value={form.port}
        aria-invalid={badPort || undefined}
        aria-describedby={badPort ? `${id}-port-error` : undefined}
        spellCheck={false}
        onChange={(event) => setForm({ port: event.target.value })}
      />
      {badPort && (
        <span id={`${id}-port-error`} className="pd-mock-form-error">
          A port is a number from 1 to 65535; leave it empty for a free one.
        </span>
      )}
      <label htmlFor={`${id}-fallback`}>No rule matches</label>
      <select
        id={`${id}-fallback`}
        value={form.fallback}
        title="What a call gets when no rule of its method's stub file matches"
        onChange={(event) => setForm({ fallback: event.target.value as MockFallback })}
      >
        {fallbacks.map((fallback) => (
          <option key={fallback.value} value={fallback.value}>
            {fallback.label}
          </option>
        ))}
      </select>
      <button type="submit" className="primary" disabled={starting || badPort || !sourceId}>
        <Play aria-hidden="true" size={14} />
        {starting ? 'Starting…' : 'Start mock'}
      </button>
    </form>
  );
}
