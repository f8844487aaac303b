/** The request pane's sections as tabs: Message, Metadata, Auth, Settings, Tests (each tab remembers its choice). */
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { requestSections, type RequestSection } from '../../state/request-section';

const labels: Record<RequestSection, string> = {
  message: 'Message',
  metadata: 'Metadata',
  auth: 'Auth',
  settings: 'Settings',
  tests: 'Tests',
};

/**
 * The tablist "Request sections" (a tab's name is its label and, when not zero, its count: "Metadata 2"), `end` at
 * the bar's right, `notice` under it whatever the section, and the panels. Every panel stays mounted (the editor
 * keeps its undo history and the tests their drafts); only the chosen one is shown.
 */
export function RequestSections(props: {
  section: RequestSection;
  onSection: (section: RequestSection) => void;
  counts: Partial<Record<RequestSection, number>>;
  panels: Record<RequestSection, ReactNode>;
  end?: ReactNode;
  notice?: ReactNode;
}): React.JSX.Element {
  const { section, counts } = props;
  return (
    <Tabs.Root
      className="request-sections"
      value={section}
      onValueChange={(value) => props.onSection(value as RequestSection)}
    >
      <div className="request-section-bar">
        <Tabs.List className="request-section-tabs" aria-label="Request sections">
          {requestSections.map((id) => (
            <Tabs.Trigger key={id} value={id} className="underline-tab">
              {labels[id]}
              {Boolean(counts[id]) && (
                <>
                  {' '}
                  <span className="section-count">{counts[id]}</span>
                </>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {props.end && <div className="request-section-end">{props.end}</div>}
      </div>
      {props.notice}
      {requestSections.map((id) => (
        <Tabs.Content
          key={id}
          value={id}
          forceMount
          hidden={id !== section}
          // The editor inside Message is the stop; the other panels are focusable themselves, as Radix makes them.
          tabIndex={id === 'message' ? -1 : 0}
          className={`request-section request-section-${id}`}
        >
          {props.panels[id]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
