/** "Copy as curl": a tab's Connect unary call as a curl command, put on the clipboard. */
import type { VariableView } from '../../../shared/workspace';
import { enabledMetadata } from '../../model/metadata-rows';
import { methodRef } from '../../state/tab-list';
import type { TabState } from '../../state/types';
import { copyText } from '../response/copy-text';
import { curlCommand } from '../../../shared/curl-command';

/** The values of the view's plain and captured variables (secrets have none on the page). */
function plainValues(view: VariableView | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const variable of view?.variables ?? []) {
    if (variable.value !== undefined) values.set(variable.name, variable.value);
  }
  return values;
}

/** Answers the command once it is on the clipboard; rejects with what stopped it (an address curl cannot use, the clipboard). */
export async function copyAsCurl(tab: TabState, variables: VariableView | undefined): Promise<string> {
  const result = curlCommand({
    target: tab.target,
    method: methodRef(tab.method),
    tls: tab.tls,
    metadata: enabledMetadata(tab.metadata),
    body: tab.requestText,
    http2: tab.options.http2 ?? false,
    ...(tab.options.deadlineMs !== undefined ? { deadlineMs: tab.options.deadlineMs } : {}),
    values: plainValues(variables),
  });
  if ('problem' in result) throw new Error(result.problem);
  if (!(await copyText(result.command))) throw new Error('The clipboard refused the curl command.');
  return result.command;
}
