/** The request editor's engine tools for one tab: Any type names and schemas, files read as base64. */
import { useMemo } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { RequestEditorTools } from '../../editor';
import { methodRef } from '../../state/tab-list';
import type { TabState } from '../../state/types';
import { usePathChooser } from '../../components/path-chooser';

/** The part of the API the tools use. */
export type RequestEditorToolsApi = ApiPick<
  'sources.packedTypeNames' | 'sources.requestSchema' | 'files.readBase64'
>;

/** Tools bound to the tab's source and method; the same object while those stay the same. */
export function useRequestEditorTools(tab: TabState, api: RequestEditorToolsApi): RequestEditorTools {
  const choose = usePathChooser();
  const { sourceId } = tab;
  const method = methodRef(tab.method);
  return useMemo(
    () => ({
      packedTypeNames: (query) => api.sources.packedTypeNames({ sourceId, method, query }),
      requestSchema: (typeUrls) => api.sources.requestSchema({ sourceId, method, typeUrls }),
      chooseFileAsBase64: async () => {
        const [path] = await choose('bytesFile', { title: 'Insert a file as base64' });
        return path === undefined ? undefined : api.files.readBase64({ path });
      },
    }),
    [api, choose, sourceId, method],
  );
}
