import type { useNotice } from '../../components/use-notice';

/** How the view's last Export or Save report went: a success note, or the failure in red. */
export function LoadNotice(props: {
  notice: ReturnType<typeof useNotice>['notice'];
}): React.JSX.Element | null {
  const { notice } = props;
  if (!notice) return null;
  return (
    <p className={notice.error ? 'load-notice load-bad' : 'load-notice'} role="status">
      {notice.text}
    </p>
  );
}
