import { Badge } from "../../../components/ui/layout";

type Tone = "gray" | "green" | "orange" | "red";

const APP_STATUS: Record<string, { label: string; tone: Tone }> = {
  active: { label: "Active", tone: "green" },
  pending: { label: "Pending", tone: "gray" },
  cancelled: { label: "Cancelled", tone: "red" },
};

/** SPEC §4 Template status: draft grey, publish green, pause orange. */
const TEMPLATE_STATUS: Record<string, { label: string; tone: Tone }> = {
  draft: { label: "Saved as draft", tone: "gray" },
  publish: { label: "Published", tone: "green" },
  pause: { label: "Paused", tone: "orange" },
};

const capitalise = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : "Unknown");

/** An app's status: active green, pending grey, cancelled red (the key no longer works); anything else grey. */
export function AppStatusBadge({ status }: { status: string }) {
  const s = APP_STATUS[status] ?? { label: capitalise(status), tone: "gray" as const };
  return (
    <Badge $tone={s.tone} data-status={status}>
      {s.label}
    </Badge>
  );
}

export function TemplateStatusBadge({ status }: { status: string }) {
  const s = TEMPLATE_STATUS[status] ?? { label: capitalise(status), tone: "gray" as const };
  return (
    <Badge $tone={s.tone} data-status={status}>
      {s.label}
    </Badge>
  );
}
