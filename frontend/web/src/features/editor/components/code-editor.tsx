import { Component, lazy, Suspense, type ReactNode } from "react";
import styled from "styled-components";
import { Spinner } from "../../../components/ui/spinner";
import type { CodeEditorProps } from "./code-editor-props";

export type { CodeEditorProps };

const loadMonaco = () => import("./monaco-code-editor");
const MonacoCodeEditor = lazy(loadMonaco);

/** Starts loading Monaco before the editor is rendered (the page calls it as soon as it loads). */
export const preloadCodeEditor = (): void => {
  void loadMonaco().catch(() => undefined);
};

const Frame = styled.div`
  position: relative;
  height: 100%;
  min-height: 0;
  border: 1px solid var(--border-strong);
  border-radius: var(--radius);
  overflow: hidden;
  background: var(--surface);
  &:focus-within {
    outline: 2px solid var(--focus);
    outline-offset: 1px;
  }
  /* Monaco draws its own focus; the frame's outline shows where the keyboard is. */
  .monaco-editor :is(textarea, .native-edit-context):focus-visible {
    outline: none;
  }
`;

const Loading = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
  color: var(--fg-muted);
  font-size: 14px;
`;

const Plain = styled.textarea`
  display: block;
  width: 100%;
  height: 100%;
  min-height: 240px;
  padding: 12px;
  border: 0;
  resize: none;
  background: var(--surface);
  color: var(--fg);
  font: 14px/1.5 var(--mono);
  tab-size: 2;
  &:focus-visible {
    outline: none;
  }
`;

/** If Monaco cannot load (an old browser, a failed chunk), a plain text area keeps the page usable. */
class FallbackOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(err: unknown) {
    console.error("the code editor failed to load; using a plain text area", err);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The UI code editor: Monaco (lazily loaded) with the DSL's completion, in a frame that fills its container. */
export function CodeEditor(props: CodeEditorProps) {
  const plain = (
    <Plain
      aria-label={props.label}
      value={props.value}
      placeholder={props.placeholder}
      spellCheck={false}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <Frame data-testid="code-editor">
      <FallbackOnError fallback={plain}>
        <Suspense
          fallback={
            <Loading>
              <Spinner size={20} label="Loading the code editor" />
            </Loading>
          }
        >
          <MonacoCodeEditor {...props} />
        </Suspense>
      </FallbackOnError>
    </Frame>
  );
}
