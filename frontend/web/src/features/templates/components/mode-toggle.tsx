import { Segmented, type SegmentedOption } from "../../../components/ui/segmented";

export type EditorMode = "ai" | "code";

const MODES: SegmentedOption<EditorMode>[] = [
  { value: "ai", label: "AI" },
  { value: "code", label: "Code" },
];

/** SPEC §2: the toggle between AI and Code modes. */
export function ModeToggle({ value, onChange }: { value: EditorMode; onChange(mode: EditorMode): void }) {
  return <Segmented legend="Editing mode" options={MODES} value={value} onChange={onChange} size="compact" />;
}
