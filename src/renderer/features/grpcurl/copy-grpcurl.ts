/** "Copy as grpcurl": the engine formats the command (variables filled), the page puts it on the clipboard. */
import type { ApiPick } from '../../../shared/api/contract';
import type { SavedRequest } from '../../../shared/workspace';
import { copyText } from '../response/copy-text';

/** Answers the grpcurl command for a request once it is on the clipboard; rejects when the engine or the clipboard refuses. */
export async function copyAsGrpcurl(
  api: ApiPick<'workspace.requestToGrpcurl'>,
  request: SavedRequest,
  environment: string | undefined,
  savedPath?: string,
): Promise<string> {
  // The saved path lets a request that inherits its auth copy the auth of its folders.
  const command = await api.workspace.requestToGrpcurl({
    request,
    environment,
    ...(savedPath !== undefined ? { savedPath } : {}),
  });
  if (!(await copyText(command))) throw new Error('The clipboard refused the grpcurl command.');
  return command;
}
