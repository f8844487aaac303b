/**
 * The sidebar's "Mocks" view: start a mock server for a loaded schema (port, what a call no rule matches gets), and
 * for each running mock its address, Stop, its methods' rules and the live log of the calls it answered.
 */
import { useAppStore } from '../../state/context';
import { FailureMessage } from '../../components/ProblemList';
import { SidebarEmpty, ViewHeader } from '../sidebar/ViewFrame';
import { useMockStore } from './mock-context';
import { MockStartForm } from './MockStartForm';
import { RunningMockCard } from './RunningMockCard';
import './mocks.css';

/** The view. */
export function MocksView(): React.JSX.Element {
  const sources = useAppStore((state) => state.sources);
  const mocks = useMockStore((state) => state.mocks);
  const failure = useMockStore((state) => state.failure);
  const dismiss = useMockStore((state) => state.dismissFailure);
  const loaded = sources.filter((source) => source.status === 'loaded');
  return (
    <>
      <ViewHeader title="Mocks" />
      <div className="pd-view-body pd-mocks">
        {loaded.length > 0 ? (
          <MockStartForm sources={loaded} />
        ) : (
          <SidebarEmpty
            title="Nothing to mock yet"
            text="A mock serves a loaded schema as a real gRPC, gRPC-Web and Connect server, answering by the rules you write. Load protos or ask a server by reflection in Schemas first."
          />
        )}
        {failure && (
          <div className="pd-mock-failure">
            <FailureMessage failure={failure} />
            <button type="button" onClick={dismiss}>
              Dismiss
            </button>
          </div>
        )}
        {mocks.map((mock) => (
          <RunningMockCard
            key={mock.mockId}
            mock={mock}
            sources={sources.filter((source) => mock.sourceIds.includes(source.id))}
          />
        ))}
      </div>
    </>
  );
}
