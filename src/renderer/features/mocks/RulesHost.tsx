/** Shows the rules editor of the method the Mocks store has open, whichever sidebar view is on show. */
import { useMockStore } from './mock-context';
import { RulesPanel, type RulesPanelApi } from './RulesPanel';
import './mocks.css';

export function RulesHost(props: { api: RulesPanelApi; theme: 'light' | 'dark' }): React.JSX.Element | null {
  const rules = useMockStore((state) => state.rules);
  const openRules = useMockStore((state) => state.openRules);
  if (!rules) return null;
  return (
    // Keyed by method: another method's rules start from their own file.
    <RulesPanel
      key={`${rules.sourceId} ${rules.method}`}
      api={props.api}
      rules={rules}
      theme={props.theme}
      onClose={() => openRules(undefined)}
    />
  );
}
