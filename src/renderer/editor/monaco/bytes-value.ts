/** Whether the cursor is on the value of a bytes field, decided by the request's JSON Schema (`contentEncoding`). */
import { getWorker, monaco } from './setup';

/** The string value of a bytes field around `offset`: its range in the model, quotes included. */
export interface BytesValue {
  range: monaco.Range;
}

/**
 * The bytes value at `offset` (inside its quotes, or right before or after them), from the JSON worker's own match of
 * the text against the schema; undefined elsewhere, or when the text changed while the worker was asked.
 */
export async function bytesValueAt(
  model: monaco.editor.ITextModel,
  offset: number,
): Promise<BytesValue | undefined> {
  const version = model.getVersionId();
  const worker = await (await getWorker())(model.uri);
  const matches = await worker.getMatchingSchemas(model.uri.toString());
  if (model.isDisposed() || model.getVersionId() !== version) return undefined;
  const hit = matches.find(
    ({ node, schema }) =>
      node.type === 'string' &&
      (schema as { contentEncoding?: string }).contentEncoding === 'base64' &&
      node.offset <= offset &&
      offset <= node.offset + node.length,
  );
  if (!hit) return undefined;
  const start = model.getPositionAt(hit.node.offset);
  const end = model.getPositionAt(hit.node.offset + hit.node.length);
  return { range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column) };
}
