/**
 * "Mock this response": the call in a request tab (sent now, or reopened from history) becomes a rule of its method's
 * stub file in the workspace, matching that request and answering what the server answered; a mock of the source
 * answers it from then on. The rules editor opens on the file, to see or adjust the rule.
 */
import { ServerCog } from 'lucide-react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import { IconButton } from '../../components/IconButton';
import type { CallModel } from '../../model/call-model';
import { useOptionalMockStore } from './mock-context';
import { fetchMissingJson, type MessagesApi } from '../response/missing-json';
import { seenCall, whyNotMockable } from './seen-call';

/** The button; `run` shows the text it resolves to (or its error) in the response toolbar's notice line. */
export function MockThisResponse(props: {
  call: CallModel;
  /** The tab's source and `pkg.Service/Method`. */
  sourceId: string;
  method: string;
  api: { mocks: Pick<ProtodeskApi['mocks'], 'ruleFromResponse'> } & MessagesApi;
  run: (action: () => Promise<string | undefined>) => Promise<void>;
}): React.JSX.Element {
  const { call, sourceId, method, api } = props;
  const mocks = useOptionalMockStore();
  const why = whyNotMockable(call);
  const mock = (): void =>
    void props.run(async () => {
      // A busy stream's older rows reached the page without their JSON: the rule needs every response.
      if (call.fromHistory === undefined) await fetchMissingJson(api, call.callId, call.entries);
      const seen = seenCall(call);
      if (!seen) return undefined;
      const made = await api.mocks.ruleFromResponse({ sourceId, method, ...seen });
      const what = made.replaced ? 'Rule replaced' : 'Rule added';
      const note = `${what}: rule ${made.index + 1} now answers this request with this response.`;
      mocks?.getState().openRules({ sourceId, method, note });
      return `${what} in ${made.file}: a mock of this schema answers this request so now`;
    });
  return (
    <IconButton
      label="Mock this response"
      title={why ?? 'Mock this response: a rule that answers this request the same way'}
      icon={ServerCog}
      disabled={why !== undefined}
      onClick={mock}
    />
  );
}
