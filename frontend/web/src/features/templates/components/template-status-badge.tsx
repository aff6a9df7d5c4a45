import { Badge } from "../../../components/ui/layout";

/** SPEC §4 Template status: draft "Saved as draft" grey, publish "Published" green, pause "Paused" orange. */
export const TEMPLATE_STATUS: Record<string, { label: string; tone: "gray" | "green" | "orange" }> = {
  draft: { label: "Saved as draft", tone: "gray" },
  publish: { label: "Published", tone: "green" },
  pause: { label: "Paused", tone: "orange" },
};

export function TemplateStatusBadge({ status }: { status: string }) {
  const s = TEMPLATE_STATUS[status] ?? { label: status || "Unknown", tone: "gray" as const };
  return (
    <Badge $tone={s.tone} data-status={status}>
      {s.label}
    </Badge>
  );
}
