import { Component, type ErrorInfo, type ReactNode } from 'react';

interface QuietBoundaryProps {
  children: ReactNode;
  /** Shown instead of `children` once they failed (nothing by default). */
  fallback?: ReactNode;
}

/**
 * For parts of a screen that load after it and that the screen works without (the sync button, toasts,
 * the shortcuts legend, a tile's extra list). When one of them cannot load — its file was not stored
 * for offline use yet and the connection just went — only that part is missing; without this boundary
 * the route's error page would replace the whole screen, and the form or list the person was using.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn('A part of the screen failed to load and is left out', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
