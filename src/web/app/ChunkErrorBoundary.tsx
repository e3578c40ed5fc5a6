import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Rendered when a lazy chunk failed; gets a reload action. */
  fallback: (reload: () => void) => ReactNode;
}

/** Catches failed script chunks (and other render errors) and offers 'Seite neu laden'. */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('render failed', error);
  }
  override render() {
    if (this.state.failed) return this.props.fallback(() => window.location.reload());
    return this.props.children;
  }
}
