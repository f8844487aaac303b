/** "Import from BloomRPC…": BloomRPC's environments and TLS entries become workspace environments and profiles. */
import { useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { BloomRpcImport as ImportResult } from '../../../shared/workspace';
import { FailureMessage } from '../../components/ProblemList';
import { toFailure } from '../../../shared/api/errors';
import { usePathChooser } from '../../components/path-chooser';

/** The button, where BloomRPC keeps its state, and what the last import created and skipped. */
export function BloomRpcImport(props: {
  api: ApiPick<'workspace.importBloomRpc'>;
  onImported(): void;
}): React.JSX.Element {
  const choose = usePathChooser();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const start = async (): Promise<void> => {
    try {
      const [file] = await choose('jsonFile', { title: "BloomRPC's environments.json or tls.json" });
      if (file === undefined) return;
      setFailure(null);
      setResult(await props.api.workspace.importBloomRpc({ file }));
      props.onImported();
    } catch (error) {
      setResult(null);
      setFailure(toFailure(error));
    }
  };
  return (
    <section aria-label="BloomRPC import" className="pd-bloomrpc">
      <button type="button" onClick={() => void start()}>
        Import from BloomRPC…
      </button>
      <span className="pd-hint">
        {' '}
        Choose environments.json or tls.json in BloomRPC's data folder: ~/.config/bloomrpc (macOS:
        ~/Library/Application Support/bloomrpc; Windows: %APPDATA%\bloomrpc).
      </span>
      {failure && <FailureMessage failure={failure} />}
      {result && (
        <div role="status">
          <p>
            Created {plural(result.environments.length, 'environment')}
            {result.environments.length > 0 && ` (${result.environments.join(', ')})`} and{' '}
            {plural(result.tlsProfiles.length, 'TLS profile')}
            {result.tlsProfiles.length > 0 && ` (${result.tlsProfiles.join(', ')})`}.
          </p>
          {result.skipped.length > 0 && (
            <ul aria-label="Skipped">
              {result.skipped.map((entry, index) => (
                <li key={index}>Skipped: {entry}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** `1 environment`, `2 environments`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
