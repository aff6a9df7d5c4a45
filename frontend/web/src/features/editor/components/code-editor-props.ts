export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  /** The editor's accessible name. */
  label: string;
  theme: "light" | "dark";
  /** The model's file name (one per page: the language service sees it as a script). */
  path: string;
  placeholder?: string;
}
