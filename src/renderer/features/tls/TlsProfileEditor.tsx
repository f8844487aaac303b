/** Edits one TLS profile: mode, files, server name, embedding; checks it as it changes; saves with conflict detection. */
import { useCallback, useEffect, useId, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { TlsProfile, TlsProfileMode, Versioned } from '../../../shared/workspace';
import { PathField } from '../../components/PathField';
import { FailureMessage } from '../../components/ProblemList';
import { useShownErrors } from '../../components/show-errors';
import { TextField } from '../../components/TextField';
import { toFailure } from '../../../shared/api/errors';
import { ItemEditorFooter } from '../environments/ItemEditorFooter';
import { ConnectionTest } from './ConnectionTest';
import { PemEmbed } from './PemEmbed';
import { TlsReportView } from './TlsReportView';
import { caFilesText, cleanProfile, modeUses, parseCaFiles, profileModes } from './profile-form';
import { useTlsReport } from './use-tls-report';

/** The operations the profile editor uses. */
export type TlsProfileEditorApi = ApiPick<
  'tls.readProfile' | 'tls.saveProfile' | 'tls.deleteProfile' | 'tls.check' | 'tls.testConnection'
>;

/** The profile being edited: the CA box's text is kept as typed (one path per line). */
interface Draft {
  profile: TlsProfile;
  caText: string;
  embed: boolean;
}

function draftOf(profile: TlsProfile): Draft {
  return {
    profile,
    caText: caFilesText(profile),
    embed: profile.caPem !== undefined || profile.certPem !== undefined,
  };
}

/** The editor of profile `name`, the report of its certificates, and the connection test. */
export function TlsProfileEditor(props: {
  api: TlsProfileEditorApi;
  name: string;
  environment?: string;
  onChanged(): void;
  onDeleted(): void;
}): React.JSX.Element {
  const { api, name } = props;
  const [loaded, setLoaded] = useState<Versioned<TlsProfile> | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [saved, setSaved] = useState(false);
  const modeId = useId();
  // What the profile lacks shows once it was edited or saved, or names a file: a new profile does not open in red.
  const shown = useShownErrors<'profile'>();
  const profile = draft ? cleanProfile({ ...draft.profile, caFiles: parseCaFiles(draft.caText) }) : null;
  const check = useTlsReport(api, profile);

  const reload = useCallback(async (): Promise<void> => {
    try {
      const read = await api.tls.readProfile({ name });
      setLoaded(read);
      setDraft(draftOf(read.value));
      setFailure(null);
    } catch (error) {
      setFailure(toFailure(error));
    }
  }, [api, name]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const edit = (patch: Partial<TlsProfile>, rest: Partial<Omit<Draft, 'profile'>> = {}): void => {
    setSaved(false);
    shown.touch('profile');
    setDraft((current) => current && { ...current, ...rest, profile: { ...current.profile, ...patch } });
  };

  const save = async (overwrite: boolean): Promise<void> => {
    if (!loaded || !profile) return;
    shown.submit();
    try {
      const { version } = await api.tls.saveProfile({
        name,
        profile,
        baseVersion: loaded.version,
        overwrite,
      });
      setLoaded({ value: profile, version });
      setFailure(null);
      setSaved(true);
      props.onChanged();
    } catch (error) {
      setFailure(toFailure(error));
    }
  };

  const mode = draft?.profile.mode ?? 'plaintext';
  return (
    <section aria-label={`TLS profile ${name}`} className="pd-item-editor">
      <h3>{name}</h3>
      {draft && (
        <>
          <div className="pd-field">
            <label htmlFor={modeId}>Mode</label>
            <select
              id={modeId}
              value={mode}
              onChange={(event) => edit({ mode: event.target.value as TlsProfileMode })}
            >
              {profileModes.map((option) => (
                <option key={option.mode} value={option.mode}>
                  {option.label}
                </option>
              ))}
            </select>
            {mode === 'insecure' && (
              <span className="pd-hint pd-warn">The server certificate is not verified.</span>
            )}
          </div>
          {modeUses(mode, 'ca') && (
            <PathField
              label="CA certificate"
              multiline
              purpose="pemFile"
              value={draft.caText}
              onChange={(caText) => edit({}, { caText })}
              placeholder={mode === 'mutual' ? 'system roots' : 'PEM file'}
              hint="One PEM file per line."
            />
          )}
          {modeUses(mode, 'client') && (
            <>
              <PathField
                label="Client certificate"
                purpose="pemFile"
                value={draft.profile.certFile ?? ''}
                onChange={(certFile) => edit({ certFile })}
                placeholder="PEM file"
              />
              <PathField
                label="Client key"
                purpose="pemFile"
                value={draft.profile.keyFile ?? ''}
                onChange={(keyFile) => edit({ keyFile })}
                placeholder="PEM file"
                hint="The key is always referred to by path, never embedded."
              />
            </>
          )}
          {modeUses(mode, 'serverName') && (
            <TextField
              label="Server name"
              value={draft.profile.serverName ?? ''}
              onChange={(serverName) => edit({ serverName })}
              placeholder="from the address"
              hint="Name checked against the server certificate; may hold {{variables}}."
            />
          )}
          {(modeUses(mode, 'ca') || modeUses(mode, 'client')) && (
            <div className="pd-field">
              <label>
                <input
                  type="checkbox"
                  checked={draft.embed}
                  onChange={(event) =>
                    event.target.checked
                      ? edit({}, { embed: true })
                      : edit({ caPem: undefined, certPem: undefined }, { embed: false })
                  }
                />{' '}
                Embed certificates in the profile
              </label>
            </div>
          )}
          {draft.embed && modeUses(mode, 'ca') && (
            <PemEmbed
              label="CA certificates to embed"
              multiple
              pem={draft.profile.caPem}
              onChange={(caPem) => edit({ caPem })}
            />
          )}
          {draft.embed && modeUses(mode, 'client') && (
            <PemEmbed
              label="Client certificate to embed"
              multiple={false}
              pem={draft.profile.certPem}
              onChange={(certPem) => edit({ certPem })}
            />
          )}
        </>
      )}
      <ItemEditorFooter
        noun="profile"
        failure={failure}
        loaded={loaded !== null}
        saved={saved}
        onSave={(overwrite) => void save(overwrite)}
        onReload={() => void reload()}
        remove={() => api.tls.deleteProfile({ name })}
        onDeleted={props.onDeleted}
        onFailure={setFailure}
      />
      {check.report && (
        <TlsReportView
          report={check.report}
          showProblems={shown.shows('profile') || check.report.files.length > 0}
        />
      )}
      {check.failure && <FailureMessage failure={check.failure} />}
      {profile && <ConnectionTest api={api} profile={profile} environment={props.environment} />}
    </section>
  );
}
