/** The parts every sidebar view shares: its header (title and action buttons) and its empty state. */
import type { ReactNode } from 'react';
import { IconButton, type IconButtonProps } from '../../components/IconButton';

/** The view's title row; `children` are its actions, right-aligned. */
export function ViewHeader(props: { title: string; children?: ReactNode }): React.JSX.Element {
  return (
    <div className="pd-view-header">
      <h2 className="pd-view-title">{props.title}</h2>
      {props.children}
    </div>
  );
}

/** One of the header's action buttons: an icon the size every view's header uses. */
export function ViewAction(props: Omit<IconButtonProps, 'className' | 'iconSize'>): React.JSX.Element {
  return <IconButton {...props} className="icon-button" iconSize={16} />;
}

/** What an empty view says: what it will hold and how to get there, with the buttons that do it. */
export function SidebarEmpty(props: {
  title: string;
  text: string;
  children?: ReactNode;
}): React.JSX.Element {
  return (
    <div className="pd-view-empty">
      <p className="pd-view-empty-title">{props.title}</p>
      <p className="pd-view-empty-text">{props.text}</p>
      {props.children && <div className="pd-view-empty-actions">{props.children}</div>}
    </div>
  );
}
