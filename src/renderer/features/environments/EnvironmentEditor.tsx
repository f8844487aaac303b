/**
 * Edits one environment: its variables (secrets written blind), its TLS profile, protocol and auth; saves with conflict
 * detection.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import { authSettingsSchema } from '../../../shared/api/auth-validation';
import type { ApiFailure } from '../../../shared/api/types';
import type { AuthSettings } from '../../../shared/auth';
import { callProtocols, type CallProtocol } from '../../../shared/call';
import { redactedSecretMinLength, type EnvironmentView, type Versioned } from '../../../shared/workspace';
import { toFailure } from '../../../shared/api/errors';
import { protocolName } from '../../../shared/protocol-names';
import { AuthEditor } from '../auth/AuthEditor';
import { ItemEditorFooter } from './ItemEditorFooter';
import { VariablesTable } from './VariablesTable';
import type { VariableRow } from './variable-rows';
import { environmentToSave, variableRows, variableRowsProblem } from './variable-rows';

/** The operations the editor uses. */
export type EnvironmentEditorApi = ApiPick<
  'workspace.readEnvironment' | 'workspace.saveEnvironment' | 'workspace.deleteEnvironment'
>;

/** The editor of environment `name`; onChanged after a save, onDeleted after a delete. */
export function EnvironmentEditor(props: {
  api: EnvironmentEditorApi;
  name: string;
  profiles: readonly string[];
  onChanged(): void;
  onDeleted(): void;
}): React.JSX.Element {
  const { api, name } = props;
  const [loaded, setLoaded] = useState<Versioned<EnvironmentView> | null>(null);
  const [rows, setRows] = useState<VariableRow[]>([]);
  const [tlsProfile, setTlsProfile] = useState<string | undefined>(undefined);
  const [protocol, setProtocol] = useState<CallProtocol | undefined>(undefined);
  const [auth, setAuth] = useState<AuthSettings | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const profileId = useId();
  const protocolId = useId();

  const show = useCallback((read: Versioned<EnvironmentView>) => {
    setLoaded(read);
    setRows(variableRows(read.value));
    setTlsProfile(read.value.file.tlsProfile);
    setProtocol(read.value.file.protocol);
    setAuth(read.value.file.auth);
    setFailure(null);
  }, []);

  const reload = useCallback(async (): Promise<void> => {
    try {
      show(await api.workspace.readEnvironment({ name }));
    } catch (error) {
      setFailure(toFailure(error));
    }
  }, [api, name, show]);

  useEffect(() => {
    setLoaded(null);
    setSaved(false);
    setProblem(null);
    void reload();
  }, [reload]);

  const save = async (overwrite: boolean): Promise<void> => {
    if (!loaded) return;
    const rowProblem =
      variableRowsProblem(rows) ??
      (auth !== undefined && !authSettingsSchema.safeParse(auth).success
        ? 'Fill in the auth fields marked above first.'
        : null);
    setProblem(rowProblem);
    setSaved(false);
    if (rowProblem) return;
    const { file, secrets } = environmentToSave(rows, loaded.value.storedSecrets, {
      tlsProfile,
      protocol,
      auth,
    });
    try {
      await api.workspace.saveEnvironment({ name, file, secrets, baseVersion: loaded.version, overwrite });
      // Read back: the new version, which secrets are now stored, and typed secret values cleared from the page.
      show(await api.workspace.readEnvironment({ name }));
      setSaved(true);
      props.onChanged();
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  return (
    <section aria-label={`Environment ${name}`} className="pd-item-editor">
      <h3>{name}</h3>
      {loaded && (
        <>
          <VariablesTable
            rows={rows}
            storedSecrets={loaded.value.storedSecrets}
            onChange={(next) => {
              setRows(next);
              setSaved(false);
            }}
          />
          <p className="pd-hint">
            Use a variable as {'{{name}}'} in the server address, metadata, request body, server name and auth
            settings. Secret values stay in the system keychain (or the local secrets file), never in the
            workspace. Where a secret shows up in a response, a report or the history, {'{{name}}'} is shown
            instead; secrets shorter than {redactedSecretMinLength} characters are not hidden.
          </p>
          <div className="pd-field">
            <label htmlFor={profileId}>TLS profile</label>
            <select
              id={profileId}
              value={tlsProfile ?? ''}
              onChange={(event) => {
                setTlsProfile(event.target.value === '' ? undefined : event.target.value);
                setSaved(false);
              }}
            >
              <option value="">None</option>
              {[
                ...props.profiles,
                ...(tlsProfile && !props.profiles.includes(tlsProfile) ? [tlsProfile] : []),
              ].map((profile) => (
                <option key={profile} value={profile}>
                  {profile}
                </option>
              ))}
            </select>
          </div>
          <div className="pd-field">
            <label htmlFor={protocolId}>Protocol</label>
            <select
              id={protocolId}
              aria-describedby={`${protocolId}-hint`}
              value={protocol ?? ''}
              onChange={(event) => {
                setProtocol(event.target.value === '' ? undefined : (event.target.value as CallProtocol));
                setSaved(false);
              }}
            >
              <option value="">None (gRPC)</option>
              {callProtocols.map((choice) => (
                <option key={choice} value={choice}>
                  {protocolName(choice)}
                </option>
              ))}
            </select>
            <span id={`${protocolId}-hint`} className="pd-hint">
              For requests that choose none, e.g. a gateway that speaks gRPC-Web.
            </span>
          </div>
          <fieldset className="pd-fieldset">
            <legend>Auth</legend>
            <p className="pd-hint">For requests whose own settings, folders and collection set none.</p>
            <AuthEditor
              value={auth}
              inheritLabel="Not set"
              savedInto={`environments/${name}.json`}
              onChange={(next) => {
                setAuth(next);
                setSaved(false);
              }}
            />
          </fieldset>
        </>
      )}
      {problem && (
        <p role="alert" className="pd-field-error">
          {problem}
        </p>
      )}
      <ItemEditorFooter
        noun="environment"
        failure={failure}
        loaded={loaded !== null}
        saved={saved}
        onSave={(overwrite) => void save(overwrite)}
        onReload={() => void reload()}
        remove={() => api.workspace.deleteEnvironment({ name })}
        onDeleted={props.onDeleted}
        onFailure={setFailure}
      />
    </section>
  );
}
