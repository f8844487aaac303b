/** The top row's one select "TLS": the tab's own TLS mode, or one of the workspace's TLS profiles by name. */
import { useId } from 'react';
import type { TlsSettings } from '../../../shared/schema';
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
  const id = useId();
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
    <div className="pd-inline-select tls-choice">
      {/* The options say what they are; the name is for assistive technology and the tooltip. */}
      <label htmlFor={id} className="pd-visually-hidden">
        TLS
      </label>
      <select
        id={id}
        title="TLS: how the call connects (this request's own settings, or a TLS profile)"
        value={profile === undefined ? modePrefix + tlsModeOf(props.tls) : profilePrefix + profile}
        onChange={(event) => choose(event.target.value)}
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
      </select>
    </div>
  );
}
