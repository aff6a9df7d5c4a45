import { Component, type ReactNode } from "react";

export interface ResetBoundaryProps {
  /** A new value (the node or screen it draws changed) gets a fresh try after a failure. */
  resetKey: unknown;
  /** Drawn instead of the children once they threw. */
  fallback: ReactNode;
  /** Told what was thrown. */
  onError?: (error: unknown) => void;
  /** Called after each commit in which the children (not the fallback) are on display. */
  onCommitted?: () => void;
  children: ReactNode;
}

interface ResetBoundaryState {
  failed: boolean;
  key: unknown;
}

/**
 * An error boundary that keeps a failure inside what it wraps — a component, a developer's component, a whole screen —
 * and tries again when what it draws changes. The renderer's one boundary (node.tsx, app-node.tsx, ScreenView.tsx).
 */
export class ResetBoundary extends Component<ResetBoundaryProps, ResetBoundaryState> {
  override state: ResetBoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ResetBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ResetBoundaryProps, state: ResetBoundaryState): Partial<ResetBoundaryState> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override componentDidMount() {
    if (!this.state.failed) this.props.onCommitted?.();
  }

  override componentDidUpdate() {
    if (!this.state.failed) this.props.onCommitted?.();
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
