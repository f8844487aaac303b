/** The top row's one select "TLS": the tab's own TLS mode, or one of the workspace's TLS profiles by name. */
import type { TlsSettings } from '../../../shared/schema';
import { InlineSelect } from '../../components/InlineSelect';
import { tlsModeOf, tlsModes, withTlsMode, type TlsMode } from '../../components/tls-mode';

const modePrefix = 'mode:';
const profilePrefix = 'profile:';

/**
 * Without profiles it lists the modes (Plaintext, TLS, …); with profiles the modes are grouped as "Request
 * settings" and the names as "TLS profiles". A profile a saved request names but the workspace lacks shows as
 * "(missing)".
 */
export function TlsChoiceSelect(props: {
  tls: TlsSettings;
  profile: string | undefined;
  profiles: string[];
  onTls(tls: TlsSettings): void;
  onProfile(name: string | undefined): void;
}): React.JSX.Element {
  const { profile, profiles } = props;
  const names = profile === undefined || profiles.includes(profile) ? profiles : [...profiles, profile];
  const modes = tlsModes.map((option) => (
    <option key={option.mode} value={modePrefix + option.mode}>
      {option.label}
    </option>
  ));
  const choose = (value: string): void => {
    if (value.startsWith(profilePrefix)) return props.onProfile(value.slice(profilePrefix.length));
    props.onProfile(undefined);
    props.onTls(withTlsMode(props.tls, value.slice(modePrefix.length) as TlsMode));
  };
  return (
    <InlineSelect
      className="tls-choice"
      label="TLS"
      title="TLS: how the call connects (this request's own settings, or a TLS profile)"
      value={profile === undefined ? modePrefix + tlsModeOf(props.tls) : profilePrefix + profile}
      onChange={choose}
    >
      {names.length === 0 ? modes : <optgroup label="Request settings">{modes}</optgroup>}
      {names.length > 0 && (
        <optgroup label="TLS profiles">
          {names.map((name) => (
            <option key={name} value={profilePrefix + name}>
              {profiles.includes(name) ? name : `${name} (missing)`}
            </option>
          ))}
        </optgroup>
      )}
    </InlineSelect>
  );
}
