/** What the last switch of workspace did with the schemas and TLS profiles, said plainly until dismissed. */
import { useAppStore, useAppStoreApi } from '../../state/context';

/** The notice under the top bar, when there is one. */
export function WorkspaceNoticeBar(): React.JSX.Element | null {
  const notice = useAppStore((state) => state.workspaceNotice);
  const actions = useAppStoreApi().getState();
  if (!notice) return null;
  return (
    <section className="pd-workspace-notice" role="status" aria-label={notice.title}>
      <div>
        <p className="pd-workspace-notice-title">{notice.title}</p>
        <ul>
          {notice.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <button type="button" onClick={actions.dismissWorkspaceNotice}>
        Dismiss
      </button>
    </section>
  );
}
