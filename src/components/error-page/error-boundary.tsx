import { Component, type ErrorInfo, type ReactNode } from "react";
import { LazyErrorPage } from "./lazy-error-page";

interface State {
  error: Error | null;
}

/** Catches a render error anywhere below and shows the 'Internal Server Error' page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unhandled error while rendering", error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere gives the new page a fresh start.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error) {
      return <LazyErrorPage status={500} message={this.state.error.message} />;
    }
    return this.props.children;
  }
}
