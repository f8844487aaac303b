/**
 * Copy response, Save response, (for streams) Save all messages and Mock this response, with a line saying how it went.
 */
import { Copy, Download, FileStack } from 'lucide-react';
import type { ApiPick } from '../../../shared/api/contract';
import { IconButton } from '../../components/IconButton';
import { useNotice } from '../../components/use-notice';
import { usePathChooser } from '../../components/path-chooser';
import type { CallModel } from '../../model/call-model';
import { copyText } from './copy-text';
import { count } from '../../model/format-units';
import { MockThisResponse } from '../mocks/MockThisResponse';

/** Props of ResponseActions. */
export interface ResponseActionsProps {
  call: CallModel;
  /**
   * The message shown (pretty when formatted), or undefined when there is none; a function, since a huge message's
   * whole text is made only when it is copied or saved.
   */
  text?: () => string;
  api: ApiPick<'files.write' | 'calls.saveMessages' | 'calls.messages' | 'mocks.ruleFromResponse'>;
  /** The tab's source and `pkg.Service/Method`, for Mock this response (absent: no such button). */
  subject?: { sourceId: string; method: string };
}

/** The response toolbar's icon buttons, and a line (under them) saying how the last action went. */
export function ResponseActions(props: ResponseActionsProps): React.JSX.Element {
  const { call, text, api } = props;
  const choosePaths = usePathChooser();
  const { notice, run } = useNotice();

  const copy = (): void =>
    void run(async () => {
      if (text === undefined) return undefined;
      return (await copyText(text())) ? 'Copied to the clipboard' : 'The clipboard refused the text';
    });

  const save = (): void =>
    void run(async () => {
      if (text === undefined) return undefined;
      const [path] = await choosePaths('saveFile', { title: 'Save response' });
      if (!path) return undefined;
      await api.files.write({ path, text: text() });
      return `Saved to ${path}`;
    });

  const saveAll = (): void =>
    void run(async () => {
      const [path] = await choosePaths('saveFile', { title: 'Save all messages' });
      if (!path) return undefined;
      const saved = await api.calls.saveMessages({ callId: call.callId, path });
      return `Saved ${count(saved.count)} messages to ${saved.path}`;
    });

  const history = call.fromHistory !== undefined;
  return (
    <>
      <div className="response-actions">
        <IconButton label="Copy response" icon={Copy} onClick={copy} disabled={text === undefined} />
        <IconButton label="Save response" icon={Download} onClick={save} disabled={text === undefined} />
        {call.kind !== 'unary' && (
          <IconButton
            label="Save all messages"
            title={history ? 'History keeps only some messages: send again to save all' : undefined}
            icon={FileStack}
            onClick={saveAll}
            disabled={call.receivedCount === 0 || history}
          />
        )}
        {props.subject && (
          <MockThisResponse
            call={call}
            sourceId={props.subject.sourceId}
            method={props.subject.method}
            api={api}
            run={run}
          />
        )}
      </div>
      {notice && (
        <span
          className={notice.error ? 'response-notice response-error' : 'response-notice'}
          role="status"
          title={notice.text}
        >
          {notice.text}
        </span>
      )}
    </>
  );
}
