/** A labelled path textbox with a "Browse…" button that asks the path chooser. */
import { useState } from 'react';
import type { PathPurpose } from '../../shared/api/types';
import { usePathChooser } from './path-chooser';
import { toFailure } from '../../shared/api/errors';
import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';

/** Props of PathField: a TextField plus what the paths are for; multiline fields take one path per line. */
export interface PathFieldProps extends Omit<TextFieldProps, 'children'> {
  purpose: PathPurpose;
}

/** The textbox and its Browse… button; chosen paths replace the text. */
export function PathField(props: PathFieldProps): React.JSX.Element {
  const { purpose, ...field } = props;
  const choose = usePathChooser();
  const [browseError, setBrowseError] = useState<string | null>(null);
  const browse = async (): Promise<void> => {
    try {
      setBrowseError(null);
      const paths = await choose(purpose, { multiple: props.multiline ?? false });
      if (paths.length > 0) props.onChange(paths.join('\n'));
    } catch (error) {
      setBrowseError(toFailure(error).message);
    }
  };
  return (
    <>
      <TextField {...field}>
        <button type="button" onClick={() => void browse()}>
          Browse…
        </button>
      </TextField>
      {browseError && (
        <p role="alert" className="pd-field-error">
          {browseError}
        </p>
      )}
    </>
  );
}
