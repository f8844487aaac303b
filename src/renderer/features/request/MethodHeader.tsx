/** The method line above a request: name, kind badge, full name, and its doc comment. */
import type { MethodInfo } from '../../../shared/schema';
import { methodKindLabel } from '../sidebar/kind-label';

/** The header of the request pane. */
export function MethodHeader(props: { method: MethodInfo }): React.JSX.Element {
  const { method } = props;
  const doc = method.doc.trim();
  return (
    <header className="method-header">
      <div className="method-line">
        <h2 className="method-name">{method.name}</h2>
        <span className={`kind-badge kind-${method.kind}`}>{methodKindLabel(method.kind)}</span>
        <span className="method-full" title={`${method.inputType} → ${method.outputType}`}>
          {method.fullName}
        </span>
      </div>
      {doc && (
        <p className="method-doc" title={doc}>
          {doc}
        </p>
      )}
    </header>
  );
}
