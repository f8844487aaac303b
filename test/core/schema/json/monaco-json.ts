import { join } from 'node:path';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';
import { shownProblems } from '../../../../src/shared/schema-messages';

/** What the tests read of Monaco's JSON language service: the code its JSON worker runs, from monaco-editor. */
export interface MonacoJson {
  /** The messages of the problems Monaco underlines in `text`. */
  problems(text: string): Promise<string[]>;
  /** The labels of the completions Monaco offers at `offset` in `text`. */
  completions(text: string, offset: number): Promise<string[]>;
  /** The problems as the editor shows them: `{got}` filled from the text at each, the text they underline. */
  shown(text: string): Promise<{ message: string; at: string }[]>;
  /** The insert text of the completion labelled `label` at `offset`, and whether it opens suggestions again. */
  completion(
    text: string,
    offset: number,
    label: string,
  ): Promise<{ insertText: string; suggestsAgain: boolean } | undefined>;
}

interface Position {
  line: number;
  character: number;
}
interface Doc {
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}
interface Item {
  label: string;
  insertText?: string;
  textEdit?: { newText: string };
  command?: { command: string };
}
interface LanguageService {
  configure(settings: {
    validate: boolean;
    schemas: { uri: string; fileMatch: string[]; schema: JsonSchema }[];
  }): void;
  parseJSONDocument(doc: Doc): unknown;
  doValidation(
    doc: Doc,
    json: unknown,
  ): Promise<{ message: string; range: { start: Position; end: Position } }[]>;
  doComplete(doc: Doc, position: unknown, json: unknown): Promise<{ items: Item[] } | null>;
}

const esm = join(
  import.meta.dirname,
  '../../../../node_modules/monaco-editor/esm/external/vscode-json-languageservice/lib/esm',
);

/** Monaco's JSON language service validating and completing against `schema`, as the request editor does. */
export async function monacoJson(schema: JsonSchema): Promise<MonacoJson> {
  // Plain .js without type declarations, so imported by path and typed by the interfaces above.
  const service = (await import(join(esm, 'jsonLanguageService.js'))) as {
    getLanguageService(params: object): LanguageService;
  };
  const types = (await import(join(esm, 'jsonLanguageTypes.js'))) as {
    TextDocument: { create(uri: string, language: string, version: number, text: string): Doc };
  };
  const ls = service.getLanguageService({});
  ls.configure({
    validate: true,
    schemas: [{ uri: 'inmemory://request-schema.json', fileMatch: ['*'], schema }],
  });
  const document = (text: string) => types.TextDocument.create('inmemory://request.json', 'json', 1, text);
  return {
    async problems(text) {
      const doc = document(text);
      return (await ls.doValidation(doc, ls.parseJSONDocument(doc))).map((d) => d.message);
    },
    async completions(text, offset) {
      const doc = document(text);
      const list = await ls.doComplete(doc, doc.positionAt(offset), ls.parseJSONDocument(doc));
      return (list?.items ?? []).map((item) => item.label);
    },
    async shown(text) {
      const doc = document(text);
      const problems = await ls.doValidation(doc, ls.parseJSONDocument(doc));
      return shownProblems(
        text,
        problems.map((p) => ({
          message: p.message,
          start: doc.offsetAt(p.range.start),
          end: doc.offsetAt(p.range.end),
        })),
      ).map((p) => ({ message: p.message, at: text.slice(p.start, p.end) }));
    },
    async completion(text, offset, label) {
      const doc = document(text);
      const list = await ls.doComplete(doc, doc.positionAt(offset), ls.parseJSONDocument(doc));
      const item = list?.items.find((i) => i.label === label);
      if (!item) return undefined;
      return {
        insertText: item.textEdit?.newText ?? item.insertText ?? item.label,
        suggestsAgain: item.command?.command === 'editor.action.triggerSuggest',
      };
    },
  };
}
