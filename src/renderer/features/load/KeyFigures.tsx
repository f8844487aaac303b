/** The run's key figures as a row of labelled numbers (a description list). */
import type { LoadSnapshot } from '../../../shared/load';
import { keyFigures } from './load-figures';

export function KeyFigures(props: { snapshot: LoadSnapshot }): React.JSX.Element {
  return (
    <div role="group" aria-label="Key figures">
      <dl className="load-figures">
        {keyFigures(props.snapshot).map((figure) => (
          <div key={figure.name} className="load-figure">
            <dt>{figure.name}</dt>
            <dd>{figure.text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
