/** The fields of a JWT Protodesk signs itself: algorithm, its secret or key file, claims and lifetime. */
import { useState } from 'react';
import { jwtAlgorithms, type JwtAlgorithm } from '../../../shared/auth';
import { toFailure } from '../../../shared/api/errors';
import { usePathChooser } from '../../components/path-chooser';
import { claimsProblem, withOptional } from './auth-form';
import { AuthSelect, SecondsField } from './AuthChoiceFields';
import { AuthTextField } from './AuthTextField';
import type { TypeFieldsProps } from './AuthTypeFields';

const algorithms: ReadonlyArray<readonly [JwtAlgorithm, string]> = jwtAlgorithms.map((algorithm) => [
  algorithm,
  algorithm === 'HS256' ? 'HS256 (shared secret)' : `${algorithm} (private key file)`,
]);

/** "Algorithm", "Secret" (HS256) or "Private key file" (RS256, ES256), "Claims (JSON)", "Lifetime (s)". */
export function JwtFields({ value, onChange, savedInto }: TypeFieldsProps<'jwt'>): React.JSX.Element {
  const choose = usePathChooser();
  const [browseProblem, setBrowseProblem] = useState<string>();
  const setOptional = (key: 'secret' | 'keyFile', text: string): void =>
    onChange(withOptional(value, key, text));
  const browse = async (): Promise<void> => {
    try {
      setBrowseProblem(undefined);
      const [file] = await choose('pemFile', { title: 'Private key file (PEM, PKCS #8)' });
      if (file !== undefined) setOptional('keyFile', file);
    } catch (error) {
      setBrowseProblem(toFailure(error).message);
    }
  };
  const { lifetimeSeconds, ...rest } = value;
  return (
    <>
      <AuthSelect
        label="Algorithm"
        value={value.algorithm}
        options={algorithms}
        onChange={(algorithm) => onChange({ ...value, algorithm })}
      />
      {value.algorithm === 'HS256' ? (
        <AuthTextField
          label="Secret"
          secret
          savedInto={savedInto}
          value={value.secret ?? ''}
          placeholder="{{jwtSecret}}"
          onChange={(text) => setOptional('secret', text)}
        />
      ) : (
        <AuthTextField
          label="Private key file"
          savedInto={savedInto}
          value={value.keyFile ?? ''}
          placeholder="/path/to/key.pem"
          error={browseProblem}
          hint="A PEM file holding a PKCS #8 private key (-----BEGIN PRIVATE KEY-----)."
          onChange={(text) => setOptional('keyFile', text)}
        >
          <button type="button" onClick={() => void browse()}>
            Browse…
          </button>
        </AuthTextField>
      )}
      <AuthTextField
        label="Claims (JSON)"
        savedInto={savedInto}
        value={value.claims}
        placeholder='{"sub": "{{user}}", "aud": "my-api"}'
        error={claimsProblem(value.claims)}
        hint="iat and exp are filled in unless given; {{variables}} work inside strings."
        onChange={(claims) => onChange({ ...value, claims })}
      />
      <SecondsField
        label="Lifetime (s)"
        value={lifetimeSeconds}
        min={1}
        hint="How long each token is valid; empty: 300 s. A new one is signed before it expires."
        onChange={(seconds) => onChange(seconds === undefined ? rest : { ...rest, lifetimeSeconds: seconds })}
      />
    </>
  );
}
