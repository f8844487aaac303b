import { join } from 'node:path';
import type { JsonSchema } from '../../../../src/core/schema/json/json-schema-types';

/** What the tests read of Monaco's JSON language service: the code its JSON worker runs, from monaco-editor. */
export interface MonacoJson {
  /** The messages of the problems Monaco underlines in `text`. */
  problems(text: string): Promise<string[]>;
  /** The labels of the completions Monaco offers at `offset` in `text`. */
  completions(text: string, offset: number): Promise<string[]>;
}

interface Doc {
  positionAt(offset: number): unknown;
}
interface LanguageService {
  configure(settings: {
    validate: boolean;
    schemas: { uri: string; fileMatch: string[]; schema: JsonSchema }[];
  }): void;
  parseJSONDocument(doc: Doc): unknown;
  doValidation(doc: Doc, json: unknown): Promise<{ message: string }[]>;
  doComplete(doc: Doc, position: unknown, json: unknown): Promise<{ items: { label: string }[] } | null>;
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
  };
}
