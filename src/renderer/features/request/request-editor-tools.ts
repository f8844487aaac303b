/** The request editor's engine tools for one tab: Any type names and schemas, files read as base64. */
import { useMemo } from 'react';
import type { ProtodeskApi } from '../../../shared/api/contract';
import type { RequestEditorTools } from '../../editor';
import { methodRef } from '../../state/tab-list';
import type { TabState } from '../../state/types';
import { usePathChooser } from '../../components/path-chooser';

/** The part of the API the tools use. */
export type RequestEditorToolsApi = Pick<
  ProtodeskApi,
  'packedTypeNames' | 'requestSchema' | 'readFileBase64'
>;

/** Tools bound to the tab's source and method; the same object while those stay the same. */
export function useRequestEditorTools(tab: TabState, api: RequestEditorToolsApi): RequestEditorTools {
  const choose = usePathChooser();
  const { sourceId } = tab;
  const method = methodRef(tab.method);
  return useMemo(
    () => ({
      packedTypeNames: (query) => api.packedTypeNames(sourceId, method, query),
      requestSchema: (typeUrls) => api.requestSchema(sourceId, method, typeUrls),
      chooseFileAsBase64: async () => {
        const [path] = await choose('bytesFile', { title: 'Insert a file as base64' });
        return path === undefined ? undefined : api.readFileBase64(path);
      },
    }),
    [api, choose, sourceId, method],
  );
}
