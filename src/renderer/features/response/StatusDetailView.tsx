/** One decoded google.rpc.Status detail as the body shows it: a titled block of fields, a table, links or JSON. */
import type { DetailBlock } from '../../../shared/status-detail-blocks';

/** Only web links open from a detail (a server chooses these URLs). */
function isWebLink(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

export function StatusDetailView(props: { block: DetailBlock }): React.JSX.Element {
  const { block } = props;
  return (
    <section className="status-detail" aria-label={block.title}>
      <h4 className="status-detail-title">
        {block.title}
        {block.title !== block.typeName && <span className="status-detail-type">{block.typeName}</span>}
      </h4>
      {block.fields.length > 0 && (
        <dl className="status-detail-fields">
          {block.fields.map((field) => (
            <div key={field.label} className="status-detail-field">
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {block.table && (
        <table className="status-detail-table" aria-label={block.table.caption}>
          <thead>
            <tr>
              {block.table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {block.links && (
        <ul className="status-detail-links">
          {block.links.map((link, i) => (
            <li key={i}>
              {isWebLink(link.url) ? (
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.description || link.url}
                </a>
              ) : (
                <span>{link.description || link.url}</span>
              )}
              {link.description && <span className="status-detail-url">{link.url}</span>}
            </li>
          ))}
        </ul>
      )}
      {block.json && <pre className="status-details">{block.json}</pre>}
    </section>
  );
}
