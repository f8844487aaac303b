/** The method line above a request: name, kind badge, full name, the file it is saved in, and its doc comment. */
import type { MethodInfo } from '../../../shared/schema';
import { firstParagraph } from '../../model/doc-text';
import { methodKindLabel } from '../../model/kind-label';

/** The header of the request pane; `children` (the Docs button) end the method line. */
export function MethodHeader(props: {
  method: MethodInfo;
  saved?: { path: string; edited: boolean };
  children?: React.ReactNode;
}): React.JSX.Element {
  const { method, saved } = props;
  const doc = method.doc.trim();
  return (
    <header className="method-header">
      <div className="method-line">
        <h2 className="method-name">{method.name}</h2>
        <span className={`kind-badge kind-${method.kind}`}>{methodKindLabel(method.kind)}</span>
        <span className="method-full" title={`${method.inputType} → ${method.outputType}`}>
          {method.fullName}
        </span>
        {saved && (
          <span className="pd-save-path" title={saved.path}>
            {saved.path}
            {saved.edited ? ' (edited)' : ''}
          </span>
        )}
        {props.children}
      </div>
      {doc && (
        <p className="method-doc" title={doc}>
          {firstParagraph(doc)}
        </p>
      )}
    </header>
  );
}
