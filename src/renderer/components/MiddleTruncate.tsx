/** A name that, when its box is too narrow, loses characters in its middle, with the full name on hover. */
import { middleSplit } from '../model/middle-split';
import './middle-truncate.css';

/**
 * The two parts are flex items, which name computation reads with a space between them: an element that takes
 * its accessible name from this text sets it with aria-label. The ellipsis is CSS, so copying gets the whole name.
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
      <span className="pd-middle-head">{head}</span>
      {tail && <span className="pd-middle-tail">{tail}</span>}
    </span>
  );
}
