/** A render error shows as words and a way back, never as a blank window. */
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error" role="alert" data-testid="render-error">
        <div className="error-message">
          This screen hit a bug and could not be drawn: {this.state.error.message}
        </div>
        <div className="error-hint">
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      </div>
    );
  }
}
