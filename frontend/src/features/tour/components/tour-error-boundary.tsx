import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode };
type State = { failed: boolean };

/** A tour that fails to load or render is left out; the page under it keeps working. */
export class TourErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The guided tour failed and was left out.', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
