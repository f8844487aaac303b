/** A button that shows only an icon: its label is its accessible name and, unless `title` says more, its tooltip. */
import type { LucideIcon } from 'lucide-react';

/** Props of IconButton. */
export interface IconButtonProps {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** The tooltip when it should say more than the label. */
  title?: string;
  disabled?: boolean;
  className?: string;
  iconSize?: number;
}

export function IconButton(props: IconButtonProps): React.JSX.Element {
  const Icon = props.icon;
  return (
    <button
      type="button"
      className={props.className}
      aria-label={props.label}
      title={props.title ?? props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      <Icon aria-hidden="true" size={props.iconSize} />
    </button>
  );
}
