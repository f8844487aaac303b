/** The Docs view's parts: the method's summary, a message's fields, an enum's values, and links between types. */
import type { DocComments, DocType, EnumDoc, FieldDoc, MessageDoc, MethodDocs } from '../../../shared/docs';
import { methodKindLabel } from '../../model/kind-label';
import { commentText, shortName, typeSectionId } from '../../model/doc-text';

/** Follows a link to a type's section. */
export type OnTypeLink = (fullName: string) => void;

/** A comment as written (paragraphs kept), or nothing. */
function Comment(props: { comments: DocComments; className?: string }): React.JSX.Element | null {
  const text = commentText(props.comments);
  return text ? <p className={`pd-doc-comment ${props.className ?? ''}`}>{text}</p> : null;
}

/** A type's name: a link to its section when the view has one, else its full name. */
export function TypeLink(props: {
  type: Pick<DocType, 'name' | 'documented'>;
  onLink: OnTypeLink;
}): React.JSX.Element {
  const { type } = props;
  if (!type.documented) return <code className="pd-doc-type">{type.name}</code>;
  return (
    <a
      className="pd-doc-type"
      href={`#${typeSectionId(type.name)}`}
      title={type.name}
      onClick={(event) => {
        event.preventDefault();
        props.onLink(type.name);
      }}
    >
      {shortName(type.name)}
    </a>
  );
}

/** The method: kind, comments, service, request and response types. */
export function MethodSummary(props: { docs: MethodDocs; onLink: OnTypeLink }): React.JSX.Element {
  const { docs, onLink } = props;
  const link = (name: string) => <TypeLink type={{ name, documented: true }} onLink={onLink} />;
  const streams = (side: 'client' | 'server') => docs.kind === 'bidi' || docs.kind === `${side}_stream`;
  return (
    <div className="pd-doc-method">
      <p className="pd-doc-meta">
        <code>{docs.fullName}</code> · {methodKindLabel(docs.kind)} · {docs.file}
      </p>
      <Comment comments={docs.comments} />
      <dl className="pd-doc-io">
        <dt>Request</dt>
        <dd>
          {streams('client') && 'stream '}
          {link(docs.inputType)}
        </dd>
        <dt>Response</dt>
        <dd>
          {streams('server') && 'stream '}
          {link(docs.outputType)}
        </dd>
        <dt>Service</dt>
        <dd>
          <code>{docs.service.fullName}</code>
          <Comment comments={docs.service.comments} className="pd-doc-service-comment" />
        </dd>
      </dl>
    </div>
  );
}

/** One section per type, named by its heading; `current` is highlighted (the link just followed). */
function TypeSection(props: {
  kind: 'message' | 'enum';
  fullName: string;
  file: string;
  comments: DocComments;
  current: boolean;
  children: React.ReactNode;
}): React.JSX.Element {
  const headingId = `${typeSectionId(props.fullName)}-title`;
  return (
    <section
      id={typeSectionId(props.fullName)}
      aria-labelledby={headingId}
      className={props.current ? 'pd-doc-section pd-doc-current' : 'pd-doc-section'}
    >
      <h3 id={headingId} tabIndex={-1}>
        <span className="pd-doc-kind">{props.kind}</span> {shortName(props.fullName)}
      </h3>
      <p className="pd-doc-meta">
        <code>{props.fullName}</code> · {props.file}
      </p>
      <Comment comments={props.comments} />
      {props.children}
    </section>
  );
}

/** What a type's section heading and preamble show. */
function sectionOf(doc: MessageDoc | EnumDoc): { fullName: string; file: string; comments: DocComments } {
  return { fullName: doc.fullName, file: doc.file, comments: doc.comments };
}

/** How a field's type reads: `repeated Genre`, `map<string, int32>`, `optional bool`. */
function FieldType(props: { field: FieldDoc; onLink: OnTypeLink }): React.JSX.Element {
  const { field, onLink } = props;
  const type = <TypeLink type={field.type} onLink={onLink} />;
  if (field.label === 'map') {
    return (
      <span>
        map&lt;{field.mapKey}, {type}&gt;
      </span>
    );
  }
  return (
    <span>
      {field.label && `${field.label} `}
      {type}
    </span>
  );
}

/** A message's fields, in declaration order, with JSON names, numbers, oneofs and comments. */
export function MessageSection(props: {
  message: MessageDoc;
  current: boolean;
  onLink: OnTypeLink;
}): React.JSX.Element {
  const { message, onLink } = props;
  const oneofComments = new Map(message.oneofs.map((oneof) => [oneof.name, commentText(oneof.comments)]));
  return (
    <TypeSection kind="message" {...sectionOf(message)} current={props.current}>
      {message.fields.length === 0 ? (
        <p className="pd-doc-empty">No fields.</p>
      ) : (
        <ul className="pd-doc-fields" aria-label={`Fields of ${shortName(message.fullName)}`}>
          {message.fields.map((field) => (
            <li key={field.number}>
              <div className="pd-doc-signature">
                <code className="pd-doc-name">{field.name}</code>
                <FieldType field={field} onLink={onLink} />
                <span className="pd-doc-number">= {field.number}</span>
                {field.deprecated && <span className="pd-doc-tag">deprecated</span>}
              </div>
              {(field.jsonName !== field.name || field.oneof) && (
                <div className="pd-doc-meta">
                  {field.jsonName !== field.name && (
                    <>
                      JSON <code>{field.jsonName}</code>
                    </>
                  )}
                  {field.jsonName !== field.name && field.oneof && ' · '}
                  {field.oneof && (
                    <span title={oneofComments.get(field.oneof) || undefined}>
                      one of <code>{field.oneof}</code>
                    </span>
                  )}
                </div>
              )}
              <Comment comments={field.comments} />
            </li>
          ))}
        </ul>
      )}
      {message.oneofs
        .filter((oneof) => oneofComments.get(oneof.name))
        .map((oneof) => (
          <p key={oneof.name} className="pd-doc-oneof">
            <code>oneof {oneof.name}</code>: {oneofComments.get(oneof.name)}
          </p>
        ))}
    </TypeSection>
  );
}

/** An enum's values with numbers and comments. */
export function EnumSection(props: { doc: EnumDoc; current: boolean }): React.JSX.Element {
  const { doc } = props;
  return (
    <TypeSection kind="enum" {...sectionOf(doc)} current={props.current}>
      <ul className="pd-doc-fields" aria-label={`Values of ${shortName(doc.fullName)}`}>
        {doc.values.map((value) => (
          <li key={value.name}>
            <div className="pd-doc-signature">
              <code className="pd-doc-name">{value.name}</code>
              <span className="pd-doc-number">= {value.number}</span>
            </div>
            <Comment comments={value.comments} />
          </li>
        ))}
      </ul>
    </TypeSection>
  );
}
