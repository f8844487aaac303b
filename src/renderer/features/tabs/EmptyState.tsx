/** What the main area shows before any tab is open. */
import { Send } from 'lucide-react';

/** The hint to load a schema and open a method. */
export function EmptyState(props: { hasMethods: boolean }): React.JSX.Element {
  return (
    <div className="empty-state">
      <Send className="empty-icon" />
      <p className="empty-title">No request open</p>
      <p className="muted">
        {props.hasMethods
          ? 'Click a method in the sidebar to preview it (double-click keeps it open), or press Ctrl+K to find one.'
          : 'Import protos or reflect a server, then click a method.'}
      </p>
    </div>
  );
}
