/** Shown on a tab with edits whose saved file changed on disk: take the disk's version, or keep the edits. */

/** The banner of the request pane. */
export function DiskChangedBanner(props: { onReload(): void; onKeep(): void }): React.JSX.Element {
  return (
    <div className="pd-disk-banner" role="alert">
      <p>This request changed on disk.</p>
      <button type="button" onClick={props.onReload}>
        Reload from disk
      </button>
      <button type="button" onClick={props.onKeep}>
        Keep mine
      </button>
    </div>
  );
}
