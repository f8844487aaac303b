/** The "Docs" button of a method's tab and the Docs panel it opens. */
import { BookOpen } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { MethodInfo } from '../../../shared/schema';
import { DocsView } from './DocsView';

/** Toggles the Docs panel of `method`; closing it returns focus to the button. */
export function DocsButton(props: {
  api: ApiPick<'sources.methodDocs'>;
  sourceId: string;
  method: MethodInfo;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = (): void => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="pd-docs-button"
        aria-expanded={open}
        title="Comments, fields and types of this method"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <BookOpen aria-hidden="true" size={14} />
        Docs
      </button>
      {open && <DocsView api={props.api} sourceId={props.sourceId} method={props.method} onClose={close} />}
    </>
  );
}
