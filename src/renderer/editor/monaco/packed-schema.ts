/** The request schema widened with the fields of the types the request's Any values name (see withPackedTypes). */
import { useEffect, useState } from 'react';
import type { RequestEditorTools } from '../types';
import { typeUrlsIn } from './any-type-urls';
import type { monaco } from './setup';

/** How long typing may pause before the `@type` URLs are looked at again. */
const settleMs = 300;

/**
 * `baseSchema`, or once the text names `@type` URLs, the engine's schema with a branch for each of them: completion,
 * validation and hover then continue inside the packed message. Asked again only when the set of URLs changes.
 */
export function usePackedSchema(
  editor: monaco.editor.IStandaloneCodeEditor | undefined,
  baseSchema: Record<string, unknown> | undefined,
  tools: RequestEditorTools | undefined,
): Record<string, unknown> | undefined {
  const [packed, setPacked] = useState<{ base: typeof baseSchema; schema: Record<string, unknown> }>();

  useEffect(() => {
    if (!editor || !tools || !baseSchema) return;
    let asked = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const look = (): void => {
      const urls = typeUrlsIn(editor.getModel()?.getValue() ?? '');
      const key = urls.join('\n');
      if (key === asked) return;
      asked = key;
      if (urls.length === 0) return setPacked(undefined);
      tools.requestSchema(urls).then(
        (schema) => live && asked === key && setPacked({ base: baseSchema, schema }),
        // The plain schema stays: Send still reports an unusable @type with its field path.
        () => undefined,
      );
    };
    look();
    const changes = editor.onDidChangeModelContent(() => {
      clearTimeout(timer);
      timer = setTimeout(look, settleMs);
    });
    const models = editor.onDidChangeModel(look);
    return () => {
      live = false;
      clearTimeout(timer);
      changes.dispose();
      models.dispose();
    };
  }, [editor, tools, baseSchema]);

  return packed !== undefined && packed.base === baseSchema ? packed.schema : baseSchema;
}
