/** The response pane: a `region` "Response" with the call's status, its messages, headers, trailers and actions. */
import { memo, useCallback, useEffect, useState } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { CallOutcome } from '../../../shared/workspace';
import { useCallOutcome } from '../../state/context';
import { OutcomeView } from '../tests/OutcomeView';
import { hasConnection, type CallModel, type TimelineEntry } from '../../model/call-model';
import { CallSummary } from './CallSummary';
import { MessageView } from './MessageView';
import { MetadataView } from './MetadataView';
import { fetchMissingJson, lacksJson } from './missing-json';
import { ResponseActions } from './ResponseActions';
import { StatusView, showsStatus } from './StatusView';
import { StreamView } from './StreamView';
import { useFormattedJson } from './use-formatted-json';
import { useFrameThrottled } from './use-frame-throttled';
import './response.css';

/** Props of ResponsePane. */
export interface ResponsePaneProps {
  /** The tab's current call; undefined before the first Send. */
  call?: CallModel;
  methodName: string;
  theme: 'light' | 'dark';
  api: ProtodeskApi;
  /** The tab's source and `pkg.Service/Method`: offers Mock this response. */
  subject?: { sourceId: string; method: string };
}

type View = 'response' | 'metadata';

const views: { id: View; label: string }[] = [
  { id: 'response', label: 'Body' },
  { id: 'metadata', label: 'Headers & trailers' },
];

/** The newest received message of `call`. */
function latestReceived(call: CallModel): TimelineEntry | undefined {
  for (let i = call.entryCount - 1; i >= 0; i -= 1) {
    const entry = call.entryAt(i);
    if (entry?.direction === 'received') return entry;
  }
  return undefined;
}

function ViewTabs(props: { callId: string; view: View; onChange: (view: View) => void }): React.JSX.Element {
  return (
    <div role="tablist" aria-label="Response views" className="response-views">
      {views.map((view) => (
        <button
          key={view.id}
          type="button"
          role="tab"
          id={`response-${props.callId}-${view.id}`}
          aria-selected={props.view === view.id}
          aria-controls={`response-${props.callId}-panel`}
          className={props.view === view.id ? 'selected' : undefined}
          onClick={() => props.onChange(view.id)}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}

interface CallResponseProps {
  call: CallModel;
  /** What the call's assertions and captures produced, once it finished. */
  outcome?: CallOutcome;
  theme: 'light' | 'dark';
  api: ProtodeskApi;
  subject?: { sourceId: string; method: string };
}

/** What the body says while a unary call has no response message: only "waiting" while nothing at all arrived. */
function pendingNote(call: CallModel): string {
  if (call.status) return 'No response message.';
  if (call.headers) return 'Headers arrived (see Headers & trailers); the response message has not yet.';
  return hasConnection(call) ? 'Waiting for the response…' : 'Connecting to the server…';
}

/** One call's response; memoized, so it renders only when the throttled call changes. */
const CallResponse = memo(function CallResponse(props: CallResponseProps): React.JSX.Element {
  const { call, theme } = props;
  const [view, setView] = useState<View>('response');
  const [selected, setSelected] = useState<TimelineEntry | undefined>(undefined);
  const unary = call.kind === 'unary';
  // A unary call and a client stream have one response: it is shown (and copied) without selecting it first.
  const entry = unary
    ? latestReceived(call)
    : (selected ?? (call.kind === 'client_stream' ? latestReceived(call) : undefined));
  const [, setFilled] = useState(0);
  const { api } = props;
  const callId = call.callId;
  const fillRows = useCallback(
    (entries: TimelineEntry[]) =>
      void fetchMissingJson(api, callId, entries).then((changed) => changed && setFilled((n) => n + 1)),
    [api, callId],
  );
  useEffect(() => {
    if (entry && lacksJson(entry)) fillRows([entry]);
  }, [entry, fillRows]);
  const json = entry && !lacksJson(entry) ? entry.json : undefined;
  const format = useFormattedJson(json);
  const text =
    json === undefined ? undefined : () => (format.state === 'ready' ? format.formatted.text : json);
  const modelUri = entry ? `protodesk://response/${call.callId}/${entry.direction}-${entry.index}.json` : '';

  return (
    <>
      <div className="response-top">
        <CallSummary call={call} />
        <ResponseActions call={call} text={text} api={props.api} subject={props.subject} />
      </div>
      {props.outcome && (props.outcome.assertions.length > 0 || props.outcome.captures.length > 0) && (
        <OutcomeView outcome={props.outcome} />
      )}
      <ViewTabs callId={call.callId} view={view} onChange={setView} />
      <div
        role="tabpanel"
        id={`response-${call.callId}-panel`}
        aria-labelledby={`response-${call.callId}-${view}`}
        className="response-body"
      >
        {view !== 'metadata' && showsStatus(call.status?.status) && (
          <StatusView status={call.status.status} />
        )}
        {view === 'metadata' ? (
          <MetadataView call={call} />
        ) : unary ? (
          entry ? (
            <MessageView
              entry={entry}
              format={format}
              label="Response JSON"
              modelUri={modelUri}
              theme={theme}
            />
          ) : showsStatus(call.status?.status) ? null : (
            <p className="response-note">{pendingNote(call)}</p>
          )
        ) : (
          <StreamView
            call={call}
            selected={selected}
            shown={entry}
            onSelect={setSelected}
            onRowsShown={fillRows}
            format={format}
            modelUri={modelUri}
            theme={theme}
          />
        )}
      </div>
    </>
  );
});

/** The `region` "Response" of a tab: shows `call` at most once per animation frame however fast batches arrive. */
export function ResponsePane(props: ResponsePaneProps): React.JSX.Element {
  const throttled = useFrameThrottled(props.call);
  // Another call (a new Send, another tab) shows at once; only updates of the same call wait for a frame.
  const call = throttled?.callId === props.call?.callId ? throttled : props.call;
  const outcome = useCallOutcome(call?.callId);
  return (
    <section className="response-pane" role="region" aria-label="Response">
      {call ? (
        // Keyed by call: a new call starts on its own view with nothing selected.
        <CallResponse
          key={call.callId}
          call={call}
          outcome={outcome}
          theme={props.theme}
          api={props.api}
          subject={props.subject}
        />
      ) : (
        <p className="response-empty">{`Send a request to see what ${props.methodName} answers.`}</p>
      )}
    </section>
  );
}
