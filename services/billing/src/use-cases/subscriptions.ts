import { notFound, type MessageBus, type OutboxRelay } from "@genui/chassis";
import { EVENTS } from "@genui/contracts";
import type { Subscription } from "@genui/contracts/http";
import type { Catalogue } from "../domain/catalogue";
import { subscriptionIdFor, type SubscriptionRecord, type SubscriptionRepository } from "../store/subscription.repository";

/** What the cancel call answers: the contract's Subscription. */
export type SubscriptionView = Subscription;

const view = (s: SubscriptionRecord): SubscriptionView => ({ id: s._id, app_id: s.appId, plan_id: s.planId, status: s.status });

/** Every app is subscribed to the default plan when it is created (usage is paid from the owner's wallet). */
export class Subscriptions {
  constructor(
    private readonly repo: SubscriptionRepository,
    private readonly bus: MessageBus,
    private readonly outbox: OutboxRelay<SubscriptionRecord>,
    private readonly catalogue: Catalogue,
  ) {}

  async onAppCreated(appId: string, ownerId: string): Promise<void> {
    const id = subscriptionIdFor(appId);
    const planId = this.catalogue.defaultPlan.id;
    const event = this.bus.envelope(
      EVENTS.subscriptionActivated,
      { subscriptionId: id, appId, ownerId, planId },
      { eventId: `activated:${id}` },
    );
    await this.repo.create({ _id: id, appId, ownerId, planId, status: "active", createdAt: new Date() }, [event]);
    // Created now or by an earlier delivery: either way make sure its event is out.
    await this.outbox.flush(id);
  }

  async cancel(ownerId: string, id: string): Promise<SubscriptionView> {
    const sub = await this.repo.findOwned(ownerId, id);
    if (!sub) throw notFound();
    const event = this.bus.envelope(
      EVENTS.subscriptionCancelled,
      { subscriptionId: id, appId: sub.appId, ownerId, reason: "cancelled by owner" },
      { eventId: `cancelled:${id}` },
    );
    if (await this.repo.cancel(id, [event])) this.outbox.flushSoon(id);
    return view({ ...sub, status: "cancelled" });
  }
}
