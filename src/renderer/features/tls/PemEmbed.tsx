/** "Embed certificates in the profile": the user picks certificate files whose PEM text goes into the profile. */
import { useState } from 'react';
import { embeddablePem } from './profile-form';

/** A file input reading certificates (several: concatenated); private keys are refused. */
export function PemEmbed(props: {
  label: string;
  multiple: boolean;
  pem: string | undefined;
  onChange(pem: string | undefined): void;
}): React.JSX.Element {
  const [problem, setProblem] = useState<string | null>(null);
  const read = async (files: FileList | null): Promise<void> => {
    if (!files || files.length === 0) return;
    const pems: string[] = [];
    for (const file of Array.from(files)) {
      const checked = embeddablePem(await file.text(), file.name);
      if ('problem' in checked) return setProblem(checked.problem);
      pems.push(checked.pem);
    }
    setProblem(null);
    props.onChange(pems.join(''));
  };
  const count = props.pem ? props.pem.split('-----BEGIN CERTIFICATE-----').length - 1 : 0;
  return (
    <div className="pd-field">
      <label>
        {props.label}{' '}
        <input
          type="file"
          accept=".pem,.crt,.cer"
          multiple={props.multiple}
          onChange={(event) => void read(event.target.files)}
        />
      </label>
      <span className="pd-hint">
        {count > 0 ? `${count} certificate${count === 1 ? '' : 's'} embedded.` : 'Nothing embedded yet.'}
      </span>
      {problem && (
        <p role="alert" className="pd-field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
