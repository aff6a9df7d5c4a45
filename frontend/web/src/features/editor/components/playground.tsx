import { useCallback, useEffect, useId, useState } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/field";
import { CheckIcon } from "../../../components/ui/icons";
import { useToast } from "../../../components/ui/toast";
import { EditorPanel, Workspace, WorkspacePage } from "../../../components/ui/workspace";
import { useCopyFeedback } from "../../../lib/use-copy-feedback";
import { useTheme } from "../../../lib/theme";
import { DEFAULT_EXAMPLE, EXAMPLES } from "../examples";
import { decodeCodeFromUrl, encodeCodeHash } from "../share";
import { useLiveScreen } from "../use-live-screen";
import { ActionLog, useActionLog } from "./action-log";
import { CodeEditor } from "./code-editor";
import { describeEvent, PreviewPane } from "./preview-pane";
import { EditorHint } from "./workspace";

/** The address follows the code this long after the last change (history entries are replaced, not added). */
export const URL_SYNC_MS = 500;
/** The playground evaluates as you type: short bursts of keystrokes are coalesced. */
export const PLAYGROUND_EVAL_MS = 80;

const Intro = styled.div`
  h1 {
    font-size: clamp(26px, 4vw, 32px);
    margin: 0;
  }
  p {
    margin: 4px 0 0;
    color: var(--fg-muted);
    max-width: 760px;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: 8px 12px;
  .examples {
    display: grid;
    gap: 4px;
    min-width: 0;
    flex: 0 1 260px;
    label {
      font-size: 14px;
      font-weight: 600;
    }
  }
  .spacer {
    flex: 1;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
`;

const exampleOf = (code: string) => EXAMPLES.find((e) => e.code === code)?.id ?? "";

/** The address without any code in it (the query's `code` and the fragment dropped). */
function bareUrl(): URL {
  const url = new URL(window.location.href);
  url.searchParams.delete("code");
  url.hash = "";
  return url;
}

/**
 * SPEC §2 Playground: UI code on the left, its screen on the right (stacked on narrow screens), evaluated in the
 * browser's sandbox as you type; examples, a shareable address, the actions the preview reports.
 */
export function Playground() {
  const toast = useToast();
  const { resolved } = useTheme();
  const [code, setCode] = useState<string | null>(null);
  const live = useLiveScreen(code ?? "", { delayMs: PLAYGROUND_EVAL_MS, prefixWhileTyping: true });
  const log = useActionLog();
  const { copied, copy } = useCopyFeedback();
  const selectId = useId();
  const previewHeading = useId();
  const editorHeading = useId();

  // The code the address carries, else the default example.
  useEffect(() => {
    let cancelled = false;
    decodeCodeFromUrl(new URL(window.location.href))
      .then((shared) => !cancelled && setCode(shared ?? DEFAULT_EXAMPLE.code))
      .catch((err: unknown) => {
        if (cancelled) return;
        console.error("playground link could not be read", err);
        toast({
          title: "This link could not be read",
          description: "Its code is incomplete or was changed. The default example is shown instead.",
          variant: "destructive",
        });
        setCode(DEFAULT_EXAMPLE.code);
      });
    return () => {
      cancelled = true;
    };
  }, [toast]);

  // The address follows the code (replaceState, so Back still leaves the page); the default example needs none.
  useEffect(() => {
    if (code === null) return;
    let cancelled = false;
    const t = window.setTimeout(async () => {
      const url = bareUrl();
      if (code !== DEFAULT_EXAMPLE.code) url.hash = await encodeCodeHash(code);
      if (!cancelled && url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
    }, URL_SYNC_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(t);
    };
  }, [code]);

  const copyLink = useCallback(async () => {
    const url = bareUrl();
    url.hash = await encodeCodeHash(code ?? "");
    await copy(url.href);
  }, [code, copy]);

  const choose = (id: string) => {
    const example = EXAMPLES.find((e) => e.id === id);
    if (!example) return;
    setCode(example.code);
    log.clear();
  };

  const reset = () => {
    setCode(DEFAULT_EXAMPLE.code);
    log.clear();
  };

  return (
    <WorkspacePage>
      <Intro>
        <h1>Playground</h1>
        <p>
          Write UI code on the left and see its screen on the right, evaluated in your browser&apos;s sandbox as you type. No
          sign-in, no API key. Press <kbd>Ctrl</kbd>+<kbd>Space</kbd> for the components and their options.
        </p>
      </Intro>
      <Toolbar>
        <div className="examples">
          <label htmlFor={selectId}>Example</label>
          <Select id={selectId} value={exampleOf(code ?? "")} onChange={(e) => choose(e.target.value)}>
            <option value="" disabled>
              Your code
            </option>
            {EXAMPLES.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title}
              </option>
            ))}
          </Select>
        </div>
        <span className="spacer" />
        <div className="actions">
          <Button variant="outline" onClick={() => void copyLink()} disabled={code === null}>
            {copied && <CheckIcon width={16} height={16} aria-hidden="true" />}
            <span aria-live="polite">{copied ? "Copied to clipboard" : "Copy link"}</span>
          </Button>
          <Button variant="ghost" onClick={reset} disabled={code === null}>
            Reset
          </Button>
        </div>
      </Toolbar>
      <Workspace>
        <EditorPanel aria-labelledby={editorHeading}>
          <h2 id={editorHeading}>UI code</h2>
          <div className="editor">
            {code !== null && (
              <CodeEditor
                value={code}
                onChange={setCode}
                label="UI code"
                theme={resolved}
                path="file:///playground.js"
                placeholder={'heading("Hello")'}
              />
            )}
          </div>
          <EditorHint />
        </EditorPanel>
        <PreviewPane
          headingId={previewHeading}
          live={live}
          theme={resolved}
          onAction={(e) => log.record(describeEvent(e))}
          footer={<ActionLog entries={log.entries} />}
        />
      </Workspace>
    </WorkspacePage>
  );
}
