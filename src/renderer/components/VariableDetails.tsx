/** The variables of one field, one per line: value and origin (secrets masked, with Reveal/Hide) or the warning. */
import { useState } from 'react';
import { toFailure } from '../../shared/api/errors';
import { lookupVariable, maskedSecret } from './variable-lookup';
import type { VariableScope } from './variable-scope';

/** Lists each distinct name once, in order of appearance. */
export function VariableDetails(props: { names: string[]; scope: VariableScope }): React.JSX.Element {
  return (
    <ul className="pd-variable-details">
      {props.names.map((name) => (
        <VariableLine key={name} name={name} scope={props.scope} />
      ))}
    </ul>
  );
}

function VariableLine(props: { name: string; scope: VariableScope }): React.JSX.Element {
  const { name, scope } = props;
  const [problem, setProblem] = useState<string>();
  const lookup = lookupVariable(scope.view, name);
  if (lookup.kind === 'unknown') {
    return (
      <li className="pd-variable-line pd-variable-warning">
        <span>{lookup.message}</span>
      </li>
    );
  }
  const secret = lookup.variable.origin === 'secret';
  const revealed = scope.revealed.get(name);
  const value = secret ? (revealed ?? maskedSecret) : (lookup.variable.value ?? '');
  const reveal = (): void => {
    setProblem(undefined);
    scope.reveal(name).catch((error: unknown) => setProblem(toFailure(error).message));
  };
  return (
    <li className="pd-variable-line">
      <code>{`{{${name}}}`}</code>
      <span>=</span>
      <code className="pd-variable-value">{value}</code>
      <span className="pd-variable-origin">{lookup.origin}</span>
      {secret &&
        (revealed === undefined ? (
          <button type="button" className="pd-variable-reveal" aria-label={`Reveal ${name}`} onClick={reveal}>
            Reveal
          </button>
        ) : (
          <button
            type="button"
            className="pd-variable-reveal"
            aria-label={`Hide ${name}`}
            onClick={() => scope.hide(name)}
          >
            Hide
          </button>
        ))}
      {problem && (
        <span className="pd-variable-warning" role="alert">
          {problem}
        </span>
      )}
    </li>
  );
}
