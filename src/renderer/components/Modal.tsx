/** A modal dialog on the native <dialog> element: focus trapping, Esc and the top layer come from the browser. */
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './modal.css';

/** Props of Modal: it is open while rendered; Esc or a close button calls onClose. */
export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** Shows its children in a modal dialog named by the title, from mount to unmount. */
export function Modal(props: ModalProps): React.JSX.Element {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
