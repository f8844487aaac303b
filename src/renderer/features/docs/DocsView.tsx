/**
 * The Docs panel of a method: its comments and streaming kind, then its request and response messages and every type
 * they reach, with links between types and Back. A non-modal panel at the window's right edge, so the request stays
 * editable beside it; Escape or Close closes it.
 */
import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { MethodDocs } from '../../../shared/docs';
import { toFailure } from '../../../shared/api/errors';
import type { MethodInfo } from '../../../shared/schema';
import { FailureMessage } from '../../components/ProblemList';
import { useAppStore } from '../../state/context';
import { methodRef } from '../../state/tab-list';
import { noCommentsNote } from '../../model/doc-text';
import { EnumSection, MessageSection, MethodSummary } from './DocsSections';
import { useDocNavigation } from './use-doc-navigation';
import './docs.css';

type Loaded = { docs: MethodDocs } | { failure: ApiFailure } | null;

/** The panel; it loads the docs when it opens. */
export function DocsView(props: {
  api: ApiPick<'sources.methodDocs'>;
  sourceId: string;
  method: MethodInfo;
  onClose(): void;
}): React.JSX.Element {
  const { api, sourceId, method } = props;
  const [loaded, setLoaded] = useState<Loaded>(null);
  const sourceKind = useAppStore((state) => state.sources.find((s) => s.id === sourceId)?.source.kind);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const navigation = useDocNavigation(body, title);
  const panel = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    api.sources.methodDocs({ sourceId, method: methodRef(method) }).then(
      (docs) => live && setLoaded({ docs }),
      (error: unknown) => live && setLoaded({ failure: toFailure(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, sourceId, method]);
  useEffect(() => title.current?.focus(), []);
  // The panel starts below the app's top bar, so the workspace, environment and theme controls stay reachable.
  useLayoutEffect(() => {
    const below = panel.current?.ownerDocument.querySelector('.app-body')?.getBoundingClientRect().top;
    if (panel.current && below) panel.current.style.top = `${below}px`;
  }, []);

  return (
    <dialog
      ref={panel}
      open
      className="pd-docs"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        props.onClose();
      }}
    >
      <header className="pd-docs-header">
        <h2 id={titleId} ref={title} tabIndex={-1}>
          Docs: {method.name}
        </h2>
        <button type="button" disabled={!navigation.canGoBack} onClick={navigation.back}>
          <ArrowLeft aria-hidden="true" size={14} />
          Back
        </button>
        <button type="button" aria-label="Close docs" title="Close (Esc)" onClick={props.onClose}>
          <X aria-hidden="true" size={14} />
        </button>
      </header>
      <div className="pd-docs-body" ref={body}>
        {loaded === null && <p className="pd-doc-empty">Loading…</p>}
        {loaded && 'failure' in loaded && <FailureMessage failure={loaded.failure} />}
        {loaded && 'docs' in loaded && (
          <>
            {!loaded.docs.hasComments && <p className="pd-doc-note">{noCommentsNote(sourceKind)}</p>}
            <MethodSummary docs={loaded.docs} onLink={navigation.go} />
            {loaded.docs.messages.map((message) => (
              <MessageSection
                key={message.fullName}
                message={message}
                current={navigation.current === message.fullName}
                onLink={navigation.go}
              />
            ))}
            {loaded.docs.enums.map((doc) => (
              <EnumSection key={doc.fullName} doc={doc} current={navigation.current === doc.fullName} />
            ))}
            {loaded.docs.omitted > 0 && (
              <p className="pd-doc-note">
                {loaded.docs.omitted === 1 ? '1 more type is' : `${loaded.docs.omitted} more types are`}{' '}
                reached from here and not shown, to keep this view small.
              </p>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}
