/** A name that, when its box is too narrow, loses characters in its middle, with the full name on hover. */
import { middleSplit } from '../model/middle-split';
import './middle-truncate.css';

/**
 * The two shown parts are flex items, which name computation would read with a space between them ("Empty Call"):
 * they are hidden from assistive technology, which reads one whole copy of the name instead.
 * `title` is left out where the row around it already has a tooltip naming it in full.
 */
export function MiddleTruncate(props: {
  text: string;
  className?: string;
  title?: boolean;
}): React.JSX.Element {
  const { head, tail } = middleSplit(props.text);
  return (
    <span
      className={['pd-middle', props.className].filter(Boolean).join(' ')}
      title={props.title === false ? undefined : props.text}
    >
      {tail ? (
        <>
          <span className="pd-visually-hidden">{props.text}</span>
          <span aria-hidden="true" className="pd-middle-head">
            {head}
          </span>
          <span aria-hidden="true" className="pd-middle-tail">
            {tail}
          </span>
        </>
      ) : (
        <span className="pd-middle-head">{head}</span>
      )}
    </span>
  );
}
