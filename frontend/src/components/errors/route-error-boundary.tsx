import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorFallback } from './error-fallback';

type BoundaryProps = { children: ReactNode; resetKey: string };
type BoundaryState = { hasError: boolean };

class ResettableErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { hasError: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in a page', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    // Another page: it gets its own chance to render.
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override render() {
    return this.state.hasError ? <ErrorFallback /> : this.props.children;
  }
}

/**
 * The page's error boundary inside the layout (SPEC §2: 'Something went wrong.'), so the navigation bar and
 * footer stay on screen when a page throws; moving to another path clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ResettableErrorBoundary resetKey={pathname}>{children}</ResettableErrorBoundary>;
}
