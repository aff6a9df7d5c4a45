import { useLayoutEffect, useRef } from "react";
import Editor, { type OnMount } from "@monaco-editor/react";
import { MONACO_THEMES } from "../monaco/setup";
import type { CodeEditorProps } from "./code-editor-props";

type StandaloneEditor = Parameters<OnMount>[0];

/**
 * Monaco with the UI code DSL's declarations (completion, hover, signature help). Loaded only by the editor pages,
 * in a chunk of its own; "../monaco/setup" has configured the loader before this renders, so nothing comes from a CDN.
 *
 * The text is Monaco's: `value` is applied only when it differs from what the editor holds (a change from outside:
 * an example, Clear, an AI answer), and in a layout effect — it runs in the same task as the render, so a keystroke
 * cannot land between them and be undone by a stale value (what a passive effect, as @monaco-editor/react's own `value`
 * handling uses, allows when typing fast).
 */
export default function MonacoCodeEditor({ value, onChange, label, theme, path, placeholder }: CodeEditorProps) {
  const editorRef = useRef<StandaloneEditor | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useLayoutEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || model.getValue() === value) return;
    // An edit (not setValue) so Ctrl+Z brings the previous code back.
    editor.executeEdits("genui", [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
    editor.pushUndoStop();
  }, [value]);

  return (
    <Editor
      defaultValue={value}
      onMount={(editor) => {
        editorRef.current = editor;
        if (editor.getValue() !== value) editor.setValue(value);
      }}
      onChange={(v) => onChangeRef.current(v ?? "")}
      language="javascript"
      path={path}
      theme={MONACO_THEMES[theme]}
      loading={null}
      options={{
        ariaLabel: label,
        placeholder,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 14,
        lineNumbersMinChars: 3,
        tabSize: 2,
        wordWrap: "on",
        scrollBeyondLastLine: false,
        fixedOverflowWidgets: true,
        padding: { top: 12, bottom: 12 },
        renderLineHighlight: "line",
        stickyScroll: { enabled: false },
        quickSuggestions: { other: true, comments: false, strings: false },
        suggest: { showWords: false },
        accessibilitySupport: "auto",
      }}
    />
  );
}
