/**
 * A modal dialog on the native <dialog> element: focus trapping, Esc and the top layer come from the browser. When it
 * closes, focus goes to the dialog's named next target (`focusOnClose`), else back to what had it before (the opener).
 */
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import './modal.css';

/** Props of Modal: it is open while rendered; Esc or a close button calls onClose. */
export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** What the user acts on next once the dialog is gone (read at close); without one (or when it is gone), the opener. */
  focusOnClose?: () => HTMLElement | null | undefined;
}

/** Shows its children in a modal dialog named by the title, from mount to unmount. */
export function Modal(props: ModalProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const focusOnClose = useRef(props.focusOnClose);
  useLayoutEffect(() => {
    focusOnClose.current = props.focusOnClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // Explicit: the browser's own return of focus skips an opener React re-rendered, and knows no next target.
      const target = focusOnClose.current?.() ?? opener;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={props.className ? `pd-modal ${props.className}` : 'pd-modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: let React unmount the dialog instead of the browser closing it behind React's back.
        event.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={titleId} className="pd-modal-title">
        {props.title}
      </h2>
      {props.children}
    </dialog>
  );
}
