import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";

/** SPEC §8: a failed answer's message in a red alert; input stays disabled until it is dismissed. */
export function ChatError({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <Banner type="error" testId="chat-error">
      <div style={{ display: "flex", gap: 12, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
        <span>{message}</span>
        <Button size="sm" variant="outline" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Banner>
  );
}
