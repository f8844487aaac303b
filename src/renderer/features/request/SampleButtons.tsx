import type { TabState } from '../../state/types';

/** "Reset to sample" (the minimal request a new tab starts with) and "Fill every field" (the full sample). */
export function SampleButtons(props: {
  tab: Pick<TabState, 'saved' | 'keepText' | 'dirty' | 'requestText' | 'template'>;
  onReset: () => void;
  onFill: () => void;
}): React.JSX.Element {
  const { tab } = props;
  return (
    <>
      <button
        type="button"
        disabled={tab.saved || tab.keepText ? tab.requestText === tab.template?.sample : !tab.dirty}
        title="Replace the request with the method's minimal sample (defaults only)"
        onClick={props.onReset}
      >
        Reset to sample
      </button>
      <button
        type="button"
        disabled={!tab.template || tab.requestText === tab.template.fullSample}
        title="Replace the request with a sample that fills every field"
        onClick={props.onFill}
      >
        Fill every field
      </button>
    </>
  );
}
