/** "Copy as curl": a tab's Connect unary call as a curl command, put on the clipboard. */
import type { VariableView } from '../../../shared/workspace';
import { requestForTab, type TabEnvironment } from '../../state/request-for-tab';
import type { TabState } from '../../state/types';
import { copyText } from '../response/copy-text';
import type { ApiPick } from '../../../shared/api/contract';
import { exportedAuthMetadata } from '../../../shared/auth-export';
import { curlCommand } from '../../../shared/curl-command';
import { withEntries } from '../../../shared/metadata-override';

/** The values of the view's plain and captured variables (secrets have none on the page). */
function plainValues(view: VariableView | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const variable of view?.variables ?? []) {
    if (variable.value !== undefined) values.set(variable.name, variable.value);
  }
  return values;
}

/**
 * Answers the command once it is on the clipboard; rejects with what stopped it (an address curl cannot use, the
 * clipboard). The call is the one Send makes (requestForTab), so HTTP/2 follows the same protocol rule.
 */
export async function copyAsCurl(
  api: ApiPick<'auth.view'>,
  tab: TabState,
  environment: TabEnvironment,
  variables: VariableView | undefined,
): Promise<string> {
  const { request, context } = requestForTab(tab, environment);
  const { deadlineMs, http2 = false } = request.options ?? {};
  // The auth Send would use (inherited too), its credential as a shell variable: `-H 'authorization: Bearer '"$ACCESS_TOKEN"`.
  const { savedPath, auth: own, environment: named } = context;
  const { auth } = await api.auth.view({
    context: {
      ...(savedPath !== undefined ? { savedPath } : {}),
      ...(own !== undefined ? { auth: own } : {}),
      ...(named !== undefined ? { environment: named } : {}),
    },
  });
  const credential = exportedAuthMetadata(auth?.settings);
  const result = curlCommand({
    target: request.target,
    method: request.method,
    tls: request.tls,
    metadata: withEntries(request.metadata, credential.metadata),
    body: tab.requestText,
    http2,
    ...(deadlineMs !== undefined ? { deadlineMs } : {}),
    values: plainValues(variables),
  });
  if ('problem' in result) throw new Error(result.problem);
  if (!(await copyText(result.command))) throw new Error('The clipboard refused the curl command.');
  return result.command;
}
