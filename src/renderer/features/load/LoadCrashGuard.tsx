/** Keeps a fault in the Load test view inside it: the view shows what went wrong instead of blanking the app. */
import { Component, type ReactNode } from 'react';

interface GuardState {
  error?: Error;
}

export class LoadCrashGuard extends Component<{ children: ReactNode }, GuardState> {
  override state: GuardState = {};

  static getDerivedStateFromError(error: unknown): GuardState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="pd-failure load-crash">
        <div className="pd-failure-message">The Load test view failed: {error.message}</div>
        <div className="pd-problem-hint">
          The request tab is unharmed.{' '}
          <button type="button" onClick={() => this.setState({ error: undefined })}>
            Show it again
          </button>
        </div>
      </div>
    );
  }
}
