import { PoisonMessageError, type MessageBus } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Templates } from "../use-cases/templates";

/** An app was deleted → its templates go (the app itself was marked deleted with the event, in the same write). */
export function consumeAppDeleted(bus: MessageBus, templates: Templates) {
  return bus.consume(EVENTS.appDeleted, "apps-templates-cleanup", async (e) => {
    if (!e.payload.appId) throw new PoisonMessageError("app event without app id");
    await templates.deleteForApp(e.payload.appId);
  });
}
